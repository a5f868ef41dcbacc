/**
 * Over real HTTP on Node, Bun and Deno (and the CORS rows on
 * workerd), against tests/runtimes/fixtures/security.ts:
 * - CORS: an arbitrary origin — `null` included — is never echoed
 *   with `access-control-allow-credentials: true`, on preflights and actual
 *   responses; `null` is allowed only where it is listed; `*` only without
 *   credentials; the service's `cors` option in the plugin's names and in the
 *   older ones.
 * - HTTP/1.0 without Host: served at its request-target path (Bun
 *   regressed to a 400); a Host with a slash stays refused.
 *
 *   npx vitest run tests/runtimes/security.test.ts
 *   FW_RUNTIMES=bun npx vitest run tests/runtimes/security.test.ts
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimes, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/security-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/security-worker.ts'
const trusted = 'https://app.example'
const hostile = ['https://evil.example', 'null', 'https://app.example.evil.example', 'https://app.example.', 'HTTPS://APP.EXAMPLE', 'http://app.example', '*']

/** Write `head` on a fresh connection; everything the server sent once it closes (HTTP/1.0 closes after one answer). */
function raw(origin: string, head: string): Promise<string> {
  const { port } = new URL(origin)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    let text = ''
    const done = (): void => {
      clearTimeout(giveUp)
      socket.destroy()
      resolve(text)
    }
    const giveUp = setTimeout(done, 10_000)
    socket.on('data', (chunk: Buffer) => void (text += chunk.toString('latin1')))
    socket.on('close', done)
    socket.on('error', done)
    socket.on('connect', () => socket.write(head))
  })
}

const statusOf = (text: string): number => Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)
const bodyOf = (text: string): string => text.slice(text.indexOf('\r\n\r\n') + 4)

describe.each(runtimes)('security guarantees over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? WORKER_ENTRY : ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const actual = (path: string, origin: string): Promise<Response> => fetch(`${server.origin}${path}`, { headers: { origin } })
  const preflight = (path: string, origin: string): Promise<Response> =>
    fetch(`${server.origin}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-token' } })

  describe('CORS with credentials', () => {
    for (const path of ['/api/private/list', '/api/strict/list', '/named/list', '/older/list']) {
      it(`${path}: the trusted origin is echoed with credentials, on the preflight and the actual response`, async () => {
        for (const response of [await actual(path, trusted), await preflight(path, trusted)]) {
          expect(response.headers.get('access-control-allow-origin')).toBe(trusted)
          expect(response.headers.get('access-control-allow-credentials')).toBe('true')
          expect(response.headers.get('vary')).toMatch(/\bOrigin\b/)
        }
        expect((await preflight(path, trusted)).status).toBe(204)
      })

      it(`${path}: any other origin gets neither Allow-Origin nor Allow-Credentials (preflight included)`, async () => {
        for (const origin of hostile) {
          if (origin === 'null' && path === '/api/private/list') continue // listed there on purpose
          for (const response of [await actual(path, origin), await preflight(path, origin)]) {
            expect(response.headers.get('access-control-allow-origin'), origin).toBeNull()
            expect(response.headers.get('access-control-allow-credentials'), origin).toBeNull()
            // the answer depends on the Origin: shared caches are told so
            expect(response.headers.get('vary'), origin).toMatch(/\bOrigin\b/)
          }
        }
      })
    }

    it('`null` is allowed where it is listed, and only there', async () => {
      for (const response of [await actual('/api/private/list', 'null'), await preflight('/api/private/list', 'null')]) {
        expect(response.headers.get('access-control-allow-origin')).toBe('null')
        expect(response.headers.get('access-control-allow-credentials')).toBe('true')
      }
      expect((await actual('/api/strict/list', 'null')).headers.get('access-control-allow-origin')).toBeNull()
    })

    it('the plugin and the option expose headers and answer max-age as configured', async () => {
      const created = await fetch(`${server.origin}/api/private/create?name=a`, { method: 'POST', headers: { origin: trusted } })
      expect(created.status).toBe(201)
      expect(created.headers.get('access-control-expose-headers')).toBe('x-created')
      expect((await preflight('/api/private/create', trusted)).headers.get('access-control-max-age')).toBe('600')
      expect((await actual('/named/list', trusted)).headers.get('access-control-expose-headers')).toBe('x-created')
      expect((await preflight('/named/create', trusted)).headers.get('access-control-max-age')).toBe('300')
    })
  })

  it('a preflight allows the headers a root hook and a plugin read, not only those the endpoint declares (issue 54 #15)', async () => {
    const allowed = async (path: string): Promise<string[]> => {
      const response = await fetch(`${server.origin}${path}`, {
        method: 'OPTIONS',
        headers: { origin: trusted, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      })
      expect(response.status, path).toBe(204)
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*')
      return (response.headers.get('access-control-allow-headers') ?? '').split(', ').sort()
    }
    expect(await allowed('/api/guarded/tags')).toEqual(['authorization', 'content-type'])
    expect(await allowed('/api/guarded/who')).toEqual(['authorization', 'content-type'])
    expect(await allowed('/api/guarded/keyed')).toEqual(['authorization', 'content-type', 'x-api-key'])
    const who = await fetch(`${server.origin}/api/guarded/who`, { headers: { origin: trusted, authorization: 'Bearer t' } })
    expect(await who.json()).toBe('Bearer t')
    const keyed = await fetch(`${server.origin}/api/guarded/keyed`, { headers: { 'x-api-key': 'k1' } })
    expect(await keyed.json()).toBe('k1')
  })

  it('CORS without credentials: `*` for every origin, never Allow-Credentials', async () => {
    for (const origin of [trusted, ...hostile]) {
      for (const response of [await actual('/api/public/list', origin), await preflight('/api/public/list', origin)]) {
        expect(response.headers.get('access-control-allow-origin'), origin).toBe('*')
        expect(response.headers.get('access-control-allow-credentials'), origin).toBeNull()
      }
    }
  })

  // On workerd its own HTTP layer answers these before the Worker runs (no Host: its 400; a Host
  // with a slash: its 500 "invalid hostname"), as Cloudflare's edge does in production: not fw's to test.
  const serves = runtime.name === 'workerd' ? it.skip : it

  serves('TRACE (a method no Request carries): the 405 of fw routes, dot segments or not; 501 under a mounted application, never a 500 (H8)', async () => {
    const answer = async (target: string): Promise<[number, string | undefined]> => {
      const text = await raw(server.origin, `TRACE ${target} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`)
      expect(text, target).not.toMatch(/\n\s+at |InternalServerError/)
      return [statusOf(text), /\r\nallow: ([^\r]*)/i.exec(text)?.[1]]
    }
    for (const target of ['/api/guarded/who', '/api/./guarded/who', '/api/x/../guarded/who', '/api/%2e/guarded/who']) expect(await answer(target), target).toEqual([405, 'GET'])
    for (const target of ['/named/list', '/named/./list', '/x/../named/list']) expect(await answer(target), target).toEqual([501, undefined])
  })

  serves('HTTP/1.0 without Host is served at its request-target path; an empty Host too', async () => {
    for (const head of ['GET /api/where?x=1 HTTP/1.0\r\n\r\n', 'GET /api/where HTTP/1.0\r\nHost:\r\n\r\n', 'GET /api/where HTTP/1.0\r\nConnection: close\r\n\r\n']) {
      const text = await raw(server.origin, head)
      expect(statusOf(text), head).toBe(200)
      expect(bodyOf(text), head).toBe('"/api/where"')
    }
    const mounted = await raw(server.origin, 'GET /named/list HTTP/1.0\r\n\r\n')
    expect(statusOf(mounted)).toBe(200)
    expect(bodyOf(mounted)).toBe('["a"]')
  })

  serves('a Host with a slash is still refused (400), not served at another path', async () => {
    for (const version of ['1.0', '1.1']) {
      const text = await raw(server.origin, `GET /api/where HTTP/${version}\r\nHost: a/admin\r\nConnection: close\r\n\r\n`)
      expect(statusOf(text), version).toBe(400)
      expect(bodyOf(text)).not.toContain('where')
    }
  })
})
