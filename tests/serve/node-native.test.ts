/**
 * One Node serving path (docs/architecture.md, "Node serving path"): what
 * `service.run()` and fw attached to node:http serve through, whatever the
 * environment says, and no second Node server in src/.
 *
 *   npx vitest run tests/serve/node-native.test.ts
 */
import 'fw-api/serve'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { api, Fw } from 'fw-api'
import { attach, runBackend } from '../../src/adapters'
import { incomingOf } from '../../src/node/native/request'

const src = fileURLToPath(new URL('../../src/', import.meta.url))

class PathAPI extends api.API {
  @api.get
  path() {
    return { native: incomingOf(this.request.raw) !== undefined }
  }
}

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  delete process.env.FW_NODE_SERVER
  await Promise.all(stops.splice(0).map((stop) => stop()))
})

describe('one Node serving path', () => {
  // the old switch to @hono/node-server: set, it changes nothing now
  it('service.run() serves natively whatever FW_NODE_SERVER says', async () => {
    process.env.FW_NODE_SERVER = 'web'
    const service = new Fw({ api: PathAPI, route: '/p' })
    const server = await service.run({ port: 0, host: '127.0.0.1', signals: false })
    stops.push(() => server.close())
    const answer = await fetch(`http://127.0.0.1:${server.port}/p/path`, { signal: AbortSignal.timeout(10_000) })
    expect(await answer.json()).toEqual({ native: true })
  })

  it('fw attached to node:http reads natively whatever FW_NODE_SERVER says', async () => {
    process.env.FW_NODE_SERVER = 'web'
    const service = new Fw({ api: PathAPI, route: '/p' })
    const served = await runBackend(http, service.fetch, { port: 0, hostname: '127.0.0.1' })
    stops.push(() => served.close())
    const ran = await fetch(`http://127.0.0.1:${served.port}/p/path`, { signal: AbortSignal.timeout(10_000) })
    expect(await ran.json()).toEqual({ native: true })
    // the listener attach() gives, on a server of one's own
    const server = http.createServer(attach(http, service.fetch, '/p') as http.RequestListener)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const { port } = server.address() as AddressInfo
    const attached = await fetch(`http://127.0.0.1:${port}/p/path`, { signal: AbortSignal.timeout(10_000), headers: { connection: 'close' } })
    expect(await attached.json()).toEqual({ native: true })
  })

  it('src/ reads no FW_NODE_SERVER and loads no @hono/node-server', () => {
    const found = sources(src).filter((path) => {
      const text = readFileSync(path, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '')
      return text.includes('FW_NODE_SERVER') || text.includes("'node-server'") || text.includes("'@hono/node-server'")
    })
    expect(found.map((path) => path.slice(src.length))).toEqual([])
  })
})
