/**
 * SPEC §16 pub/sub across processes: `run({ workers: 2 })` on Node (node:cluster) and Bun, each
 * worker relaying through a real redis-server with `ws.RedisAdapter(client)` (node-redis); a
 * publish on one process reaches the subscribers on the other, and on its own once (the relay
 * does not deliver a process its own publishes twice).
 *
 *   npx vitest run tests/ws/pubsub.test.ts --typecheck.enabled=false
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisSkipReason, startRedis } from '../auth/redis'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'
import { connect, type TestSocket } from './client'

const ENTRY = 'tests/ws/fixtures/pubsub-server.ts'

describe.skipIf(redisSkipReason)('publish across worker processes through Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await redis?.stop()
  })

  describe.each(runtimesFor(['node', 'bun'], servedByFw))('on $label', (runtime) => {
    let server: Server
    beforeAll(async () => {
      server = await startServer(runtime, ENTRY, 60_000, { WS_REDIS_URL: redis.url })
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('a publish on one process reaches the subscribers of both, each once', async () => {
      const base = `${server.origin.replace('http:', 'ws:')}/api/news`
      const byPid = new Map<number, TestSocket[]>()
      for (let tries = 0; tries < 60 && ([...byPid.values()].filter((list) => list.length >= 2).length < 2); tries++) {
        const socket = await connect(base)
        const { pid } = (await socket.next()) as { pid: number }
        byPid.set(pid, [...(byPid.get(pid) ?? []), socket])
      }
      const [first, second] = [...byPid.entries()].filter(([, list]) => list.length >= 2)
      expect(second, 'sockets on two worker processes').toBeDefined()
      const [pidA, [sender, sameProcess] = []] = first ?? []
      const [, [otherA, otherB] = []] = second ?? []
      // the relay subscribes on the first subscribe: give the subscriber connection a moment
      await new Promise((resolve) => setTimeout(resolve, 300))
      sender?.send({ text: 'hello' })
      const expected = { message: { text: 'hello' }, from: pidA }
      for (const socket of [sameProcess, otherA, otherB]) expect(await socket?.next()).toEqual(expected)
      for (const socket of [sender, sameProcess, otherA, otherB]) await expect(socket?.next(300)).rejects.toThrow('no message')
      for (const list of byPid.values()) for (const socket of list) socket.socket.close()
    })
  })
})
