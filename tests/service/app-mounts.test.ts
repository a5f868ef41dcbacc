/**
 * src/service/app-mounts.ts: the apps mounted beside the API, by prefix (longest first, whole
 * segments), the one at '/' the fallback; a request under a prefix refused for CONNECT/TRACE/TRACK,
 * handed to an unguarded app stripped, to a guarded one's plugins with its context; every handler
 * contained. The entries that mount an app register it (service/host.ts `registerAppMounts`).
 */
import { describe, expect, it } from 'vitest'
import { Plugin } from '../../src/api/plugin'
import { RequestContext } from '../../src/request/context'
import { Renderer } from '../../src/response/render'
import { AppMounts } from '../../src/service/app-mounts'
import { optionLayers } from '../../src/service/host'
// an entry that mounts an app (the health probes), imported: it registers the class
import '../../src/health'

const root = new Renderer(undefined, { stringify: JSON.stringify, debug: false, where: 'service' })

/** An app answering its name and the path it was handed. */
const app = (name: string) => (request: Request) => new Response(`${name} ${new URL(request.url).pathname}`)

class Guard extends Plugin {
  override guardsMounts = true
  override processRequest() {
    return new Response('guarded', { status: 401 })
  }
}

const contextOf = (request: Request, path: string): RequestContext =>
  new RequestContext(request, path, '', Date.now(), undefined, undefined, { peer: () => undefined })

describe('AppMounts', () => {
  it('is registered by the entries that mount an app (fw-api/health here)', () => {
    expect(optionLayers({}, () => false).mountedApps).toBe(AppMounts)
  })

  it('finds the longest prefix a path is under (whole segments); the app at / is the fallback, not a prefix', async () => {
    const mounts = new AppMounts(
      [
        { prefix: '/legacy', handler: app('legacy') },
        { prefix: '/legacy/v2', handler: app('v2') },
        { prefix: '/', handler: app('root') },
      ],
      root,
      [],
      [],
    )
    expect(mounts.of('/legacy/v2/users')?.prefix).toBe('/legacy/v2')
    expect(mounts.of('/legacy')?.prefix).toBe('/legacy')
    expect(mounts.of('/legacyx')).toBeUndefined()
    expect(mounts.of('/elsewhere')).toBeUndefined()
    const fallback = await mounts.fallback?.(new Request('http://h/elsewhere'), undefined, undefined)
    expect(await fallback?.text()).toBe('root /elsewhere')
    expect(new AppMounts([{ prefix: '/a', handler: app('a') }], root, [], []).fallback).toBeUndefined()
  })

  it('hands an unguarded app its request stripped of the prefix; CONNECT, TRACE and TRACK are a 501, never handed', async () => {
    const mounts = new AppMounts([{ prefix: '/legacy', handler: app('legacy') }], root, [], [])
    const mount = mounts.of('/legacy/users')
    const answer = await mount?.answer(new Request('http://h/legacy/users?x=1'), undefined, undefined)
    expect(await answer?.text()).toBe('legacy /users')
    for (const method of ['CONNECT', 'TRACE', 'TRACK']) {
      // undici's Request refuses to make one; some servers hand them on (docs/security.md)
      const sent = { method, url: 'http://h/legacy/users', headers: new Headers() } as unknown as Request
      const refused = await mount?.answer(sent, undefined, undefined)
      expect(refused?.status).toBe(501)
      expect(await refused?.text()).toContain(`method not implemented: ${method}`)
    }
  })

  it('contains a mounted app: a throw is the root renderer’s 500', async () => {
    const mounts = new AppMounts([{ prefix: '/broken', handler: () => { throw new Error('gone') } }], root, [], [])
    const answer = await mounts.of('/broken/x')?.answer(new Request('http://h/broken/x'), undefined, undefined)
    expect(answer?.status).toBe(500)
    expect(await answer?.text()).not.toContain('gone')
  })

  it('runs the service’s guards around a mount (not an open one); a guarded mount answers through its plugins with the context', async () => {
    const guard = new Guard()
    const mounts = new AppMounts(
      [
        { prefix: '/app', handler: app('app') },
        { prefix: '/health', handler: app('health'), open: true },
      ],
      root,
      [guard],
      [],
    )
    const guarded = mounts.of('/app/x')
    const request = new Request('http://h/app/x')
    expect(guarded?.answer(request, undefined, undefined)).toBeUndefined() // its plugins answer, given a context
    const refused = await guarded?.guarded?.(contextOf(request, '/app/x'))
    expect(refused?.status).toBe(401)
    const open = await mounts.of('/health/live')?.answer(new Request('http://h/health/live'), undefined, undefined)
    expect(await open?.text()).toBe('health /live')
  })

  it('forwards a guarded mount’s request stripped once its plugins let it through', async () => {
    const mounts = new AppMounts([{ prefix: '/docs', handler: app('docs'), guarded: true }], root, [], [])
    const mount = mounts.of('/docs/openapi.json')
    const request = new Request('http://h/docs/openapi.json')
    const answer = await mount?.forward(contextOf(request, '/docs/openapi.json'))
    expect(await answer?.text()).toBe('docs /openapi.json')
  })
})
