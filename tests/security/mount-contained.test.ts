/**
 * SPEC §8 "Mounted handlers are contained": whatever a
 * mounted target throws or rejects with — synchronously or not, a function,
 * a `{ fetch }` object, a Node listener, a mounted app — `service.fetch`
 * answers a hidden 500 (the real text with `debug: true`) and never throws or
 * rejects itself. In process: this is about `service.fetch`, the function
 * Workers and every embedding call.
 */
import 'fw-api/adapters'
import { afterAll, describe, expect, it, vi } from 'vitest'
import Fastify from 'fastify'
import { Hono } from 'hono'
import { Fw, api, fromNode } from '../../src'

class Root extends api.API {
  @api.get
  ping(): string {
    return 'pong'
  }
}

const boom = (): never => {
  throw new Error('secret detail')
}
const later = async (): Promise<never> => {
  await Promise.resolve()
  throw new Error('secret detail')
}

const hono = new Hono()
hono.all('*', () => boom())
hono.onError((error) => {
  throw error
})
const fastify = Fastify()
fastify.register(async () => boom())

const targets: [string, unknown][] = [
  ['a function throwing synchronously', () => boom()],
  ['a function rejecting', () => later()],
  ['an async function throwing', async () => boom()],
  ['a { fetch } object throwing synchronously', { fetch: () => boom() }],
  ['a { fetch } object rejecting', { fetch: () => later() }],
  ['a function throwing a non-Error', () => { throw 'secret detail' }],
  ['a Node listener throwing synchronously', fromNode(() => boom())],
  ['a Node listener rejecting', fromNode(() => later())],
  ['a mounted Hono app whose error handler rethrows', hono],
  ['a mounted Fastify instance failing to boot', fastify],
]

const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
afterAll(() => {
  logged.mockRestore()
})

/** `service.fetch` as a caller sees it: a throw or a rejection is recorded, not raised. */
async function settled(service: Fw, path: string): Promise<{ response?: Response; escaped?: unknown }> {
  try {
    return { response: await service.fetch(new Request(`http://localhost${path}`)) }
  } catch (escaped) {
    return { escaped }
  }
}

describe.each([
  ['at a prefix', '/m', '/m/'],
  ['at / (the fallback for paths fw does not route)', '/', '/elsewhere'],
])('a failing mounted target %s', (_where, route, path) => {
  it.each(targets)('%s: a hidden 500, nothing thrown out of service.fetch', async (_kind, target) => {
    const service = new Fw(import.meta.url, { api: Root }).mount(target, route)
    const { response, escaped } = await settled(service, path)
    expect(escaped).toBeUndefined()
    expect(response?.status).toBe(500)
    const text = await response?.text()
    expect(text).not.toContain('secret detail')
    expect(text).toMatch(/Internal ?Server ?Error/)
    // fw's own routes are untouched
    expect((await service.fetch(new Request('http://localhost/ping'))).status).toBe(200)
  })

  it.each(targets)('%s: with debug: true the 500 carries the real text', async (_kind, target) => {
    const service = new Fw(import.meta.url, { api: Root, debug: true }).mount(target, route)
    const { response, escaped } = await settled(service, path)
    expect(escaped).toBeUndefined()
    expect(response?.status).toBe(500)
    expect(await response?.text()).toContain('secret detail')
  })
})
