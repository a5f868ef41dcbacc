/**
 * At the Node writers (src/node/native/write.ts,
 * src/node/io/send.ts), below fw's own normalisation
 * (src/utils/http.ts, `framed`): a fetch handler served by the native listener
 * that answers with a lying Content-Length still leaves the keep-alive
 * connection in step. A light body is framed by its bytes; a streamed body
 * held to a declared length cuts the connection when it falls short or
 * overruns, never desynchronises it.
 *
 *   npx vitest run tests/runtimes/native-framing.test.ts
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { nativeListener } from '../../src/serve/node-native'
import { keepAlive } from '../helpers/keep-alive'

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => (server.close(resolve), server.closeAllConnections()))))
})

const BODY = '25 bytes, not the 5 said.'

/** Serve `answer` (a raw fetch handler, fw's normalisation not in between) on the native listener. */
async function serve(answer: (request: Request) => Response): Promise<string> {
  const server = http.createServer(nativeListener((request) => (new URL(request.url).pathname === '/next' ? new Response('next') : answer(request)), { debug: false, linger: true }))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`

describe('native Node writers: framing by the bytes sent', () => {
  const light: [string, () => Response][] = [
    ['plain headers, shorter', () => new Response(BODY, { headers: { 'Content-Length': '5' } })],
    ['plain headers, longer', () => new Response(BODY, { headers: { 'content-length': '500' } })],
    ['plain headers, a Transfer-Encoding', () => new Response(BODY, { headers: { 'transfer-encoding': 'chunked' } })],
    ['plain headers, the right length (sent once)', () => new Response(BODY, { headers: { 'Content-Length': String(BODY.length), 'x-a': '1' } })],
    ['a Headers', () => new Response(BODY, { headers: new Headers({ 'content-length': '5' }) })],
    ['bytes', () => new Response(new TextEncoder().encode(BODY), { headers: { 'content-length': '5' } })],
  ]
  for (const [name, answer] of light) {
    it(`a light body with a lying framing header (${name}) goes out with its own length; the next answer is in step`, async () => {
      const connection = await keepAlive(await serve(answer))
      try {
        const first = await connection.send(get('/lying'))
        expect(first.body.toString()).toBe(BODY)
        expect(first.headers.get('content-length')).toBe(String(BODY.length))
        expect(first.headers.get('transfer-encoding')).toBeNull()
        const second = await connection.send(get('/next'))
        expect(second.body.toString()).toBe('next')
      } finally {
        connection.close()
      }
    })
  }

  for (const [name, declared] of [['overruns', 5], ['falls short of', 500]] as const) {
    it(`a streamed body that ${name} its declared length cuts the connection, never answers the next request out of step`, async () => {
      const connection = await keepAlive(
        await serve(() => {
          const stream = new ReadableStream<Uint8Array>({
            async pull(controller) {
              controller.enqueue(new TextEncoder().encode(BODY.slice(0, 10)))
              await new Promise((resolve) => setTimeout(resolve, 20))
              controller.enqueue(new TextEncoder().encode(BODY.slice(10)))
              controller.close()
            },
          })
          return new Response(stream, { headers: { 'content-length': String(declared) } })
        }),
        5000,
      )
      const started = Date.now()
      try {
        const outcome = await connection.send(get('/lying')).then(
          (first) => connection.send(get('/next')).then((second) => `in step: ${first.body.toString()} / ${second.body.toString()}`),
          (error: unknown) => `cut: ${String(error)}`,
        ).catch((error: unknown) => `cut: ${String(error)}`)
        expect(outcome).toMatch(/^cut: Error: connection closed/)
        expect(Date.now() - started).toBeLessThan(4000)
      } finally {
        connection.close()
      }
    })
  }
})
