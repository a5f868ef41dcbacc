/**
 * Any Standard Schema library wherever a schema is taken (SPEC §3.6): the
 * spec's example service (zod and arktype mixed) answers as the spec says, and
 * valibot / zod / arktype schemas of the same endpoints give byte-identical
 * answers (status and body), in-process and over real HTTP (Node).
 */
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { service } from './standard-service.fixture'

type Send = (request: Request) => Promise<Response>

interface Exchange {
  method: string
  path: string
  json?: unknown
  form?: Record<string, string | string[]>
}

function toRequest(origin: string, exchange: Exchange): Request {
  const init: RequestInit = { method: exchange.method }
  if (exchange.json !== undefined) {
    init.body = JSON.stringify(exchange.json)
    init.headers = { 'content-type': 'application/json' }
  } else if (exchange.form) {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(exchange.form)) for (const item of [value].flat()) form.append(key, item)
    init.body = form
  }
  return new Request(origin + exchange.path, init)
}

async function answer(send: Send, origin: string, exchange: Exchange): Promise<{ status: number; body: string }> {
  const response = await send(toRequest(origin, exchange))
  return { status: response.status, body: await response.text() }
}

/** The exchanges every twin API answers alike (path under `/<library>`). */
const twinCases: Exchange[] = [
  { method: 'GET', path: '/add?a=1.5&b=2.1' },
  { method: 'GET', path: '/add?a=1&b=x' },
  { method: 'GET', path: '/add?a=1' },
  { method: 'GET', path: '/flags?on=yes&ids=1&ids=2.7' },
  { method: 'GET', path: '/flags?on=off&ids=3' },
  { method: 'GET', path: '/flags?on=maybe&ids=1' },
  { method: 'GET', path: '/flags?on=1&ids=a' },
  { method: 'POST', path: '/json', json: { name: 'Ada', age: '36' } },
  { method: 'POST', path: '/json', json: { name: 'Ada', age: 36.9, tags: 'x' } },
  { method: 'POST', path: '/json', json: { age: 1 } },
  { method: 'POST', path: '/json', json: { name: 'Ada', age: 'old' } },
  { method: 'POST', path: '/json', form: { name: 'Ada', age: '36' } },
  { method: 'POST', path: '/form', form: { name: 'Ada', age: '7', tags: ['a', 'b'] } },
  { method: 'POST', path: '/form', json: { name: 'Ada', age: 7 } },
  { method: 'POST', path: '/nullable', json: { n: null, kind: 'a', either: 'true' } },
  { method: 'POST', path: '/nullable', json: { n: '2', kind: 'b', either: '5' } },
  { method: 'POST', path: '/nullable', form: { n: '2', kind: 'b', either: 'no' } },
]

const LIBRARIES = ['valibot', 'zod', 'arktype'] as const

/** The message `run` throws. */
function thrownBy(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('it did not throw')
}

function suite(name: string, setup: () => Promise<{ send: Send; origin: string; close?: () => Promise<void> }>): void {
  describe(name, () => {
    let send: Send = async () => new Response(null, { status: 599 })
    let origin = ''
    let close: (() => Promise<void>) | undefined
    beforeAll(async () => ({ send, origin, close } = await setup()))
    afterAll(() => close?.())

    it('SPEC §3.6 example: a zod int param converts `1.5` → 1 before zod validates', async () => {
      expect(await answer(send, origin, { method: 'GET', path: '/people/add?a=1.5&b=2.1' })).toEqual({ status: 200, body: '3' })
    })

    it('SPEC §3.6 example: a zod body converts `"36"` and applies the default', async () => {
      const expected = { status: 200, body: '{"name":"Ada","age":36,"tags":[]}' }
      expect(await answer(send, origin, { method: 'POST', path: '/people/create', json: { name: 'Ada', age: '36' } })).toEqual(expected)
      expect(await answer(send, origin, { method: 'POST', path: '/people/create', form: { name: 'Ada', age: '36' } })).toEqual(expected)
    })

    it('SPEC §3.6 example: zod failures are one 400 naming both fields', async () => {
      const response = await send(toRequest(origin, { method: 'POST', path: '/people/create', json: { name: '', age: -1 } }))
      expect(response.status).toBe(400)
      const problem = (await response.json()) as { detail: string; errors: { name: string; path: unknown[] }[] }
      expect(problem.detail).toMatch(/^BadRequest: parse item: \['user'\] failed: parse item: \['name'\] failed: /)
      expect(problem.errors.map((error) => error.path)).toEqual([['name'], ['age']])
    })

    it('SPEC §3.6 example: an arktype Query object converts its integer; a bad one is a 400', async () => {
      expect(await answer(send, origin, { method: 'GET', path: '/people/search?q=ts&limit=20' })).toEqual({ status: 200, body: '{"q":"ts","limit":20}' })
      const refused = await answer(send, origin, { method: 'GET', path: '/people/search?q=ts&limit=x' })
      expect(refused.status).toBe(400)
      expect(JSON.parse(refused.body).detail).toBe("BadRequest: parse item: ['query'] failed: parse item: ['limit'] failed: invalid number: 'x'")
    })

    it('SPEC §3.6 example: an arktype Param with a default', async () => {
      expect(await answer(send, origin, { method: 'GET', path: '/people/page' })).toEqual({ status: 200, body: '1' })
      expect(await answer(send, origin, { method: 'GET', path: '/people/page?page=3' })).toEqual({ status: 200, body: '3' })
      expect((await answer(send, origin, { method: 'GET', path: '/people/page?page=0' })).status).toBe(400)
    })

    it('awaits an async refinement: the output, or one 400 listing every failing param', async () => {
      expect(await answer(send, origin, { method: 'GET', path: '/async/claim?name=ada&n=2.5' })).toEqual({ status: 200, body: '"ada:2"' })
      const refused = await send(toRequest(origin, { method: 'GET', path: '/async/claim?name=taken&n=x' }))
      expect(refused.status).toBe(400)
      const problem = (await refused.json()) as { detail: string; errors: { name: string; message: string }[] }
      expect(problem.detail).toBe("BadRequest: parse item: ['name'] failed: name taken")
      expect(problem.errors.map(({ name, message }) => [name, message])).toEqual([['name', 'name taken'], ['n', "invalid number: 'x'"]])
    })

    it.each(LIBRARIES)('%s: a custom message reaches the client unchanged, in `detail` and `errors[].message`', async (library) => {
      const refused = await send(toRequest(origin, { method: 'GET', path: `/${library}/messages?name=&email=x` }))
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({
        detail: "BadRequest: parse item: ['name'] failed: can't be blank",
        errors: [
          { in: 'query', name: 'name', path: ['name'], message: "can't be blank" },
          { in: 'query', name: 'email', path: ['email'], message: 'is invalid' },
        ],
      })
    })

    it.each(LIBRARIES)('%s: a transform that throws on the client’s value is the 400 of its param, with the thrown message', async (library) => {
      expect(await answer(send, origin, { method: 'GET', path: `/${library}/parsed?parsed=${encodeURIComponent('{"a":1}')}` })).toEqual({ status: 200, body: '{"parsed":{"a":1}}' })
      const thrown = thrownBy(() => JSON.parse('{x'))
      const refused = await answer(send, origin, { method: 'GET', path: `/${library}/parsed?parsed=${encodeURIComponent('{x')}` })
      expect(refused.status).toBe(400)
      expect(JSON.parse(refused.body)).toMatchObject({ detail: `BadRequest: parse item: ['parsed'] failed: ${thrown}`, errors: [{ in: 'query', name: 'parsed', path: ['parsed'], message: thrown }] })
      expect(refused.body).not.toMatch(/SyntaxError|\\n\s+at |node_modules/) // the message, never a stack
    })

    it.each(LIBRARIES)('%s: a number beyond a double’s range is `invalid number`, never ±Infinity past a bound', async (library) => {
      expect(await answer(send, origin, { method: 'GET', path: `/${library}/bounded?n=100` })).toEqual({ status: 200, body: '100' })
      for (const text of ['-1e400', '1e400', 'Infinity', '-Infinity', `-${'9'.repeat(400)}`]) {
        const refused = await answer(send, origin, { method: 'GET', path: `/${library}/bounded?n=${text}` })
        expect(refused.status, text).toBe(400)
        const shown = `'${text}'`.length > 80 ? `'${text.slice(0, 76)}...` : `'${text}'` // cut as every refused value is
        expect(JSON.parse(refused.body).detail, text).toBe(`BadRequest: parse item: ['n'] failed: invalid number: ${shown}`)
      }
      const body = await send(new Request(`${origin}/${library}/boundedBody`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":-1e400}' }))
      expect(body.status).toBe(400)
      expect(((await body.json()) as { detail: string }).detail).toBe("BadRequest: parse item: ['data'] failed: parse item: ['n'] failed: invalid number: -Infinity")
    })

    it.each(twinCases)('valibot, zod and arktype give the same answer: $method $path', async (exchange) => {
      const valibot = await answer(send, origin, { ...exchange, path: `/valibot${exchange.path}` })
      expect(valibot.status).toBeLessThan(500)
      const zod = await answer(send, origin, { ...exchange, path: `/zod${exchange.path}` })
      const arktype = await answer(send, origin, { ...exchange, path: `/arktype${exchange.path}` })
      if (valibot.status === 200) {
        expect(zod).toEqual(valibot)
        // arktype lists an object's keys in its own order (docs/api.md, "Where libraries differ"): the same JSON value, not the same bytes.
        expect({ status: arktype.status, json: JSON.parse(arktype.body) }).toEqual({ status: valibot.status, json: JSON.parse(valibot.body) })
      } else {
        // Refusals: the same bytes, message text included (these refusals are fw's own words: a conversion, a missing item)
        expect(zod).toEqual(valibot)
        expect(arktype).toEqual(valibot)
      }
    })
  })
}

suite('in-process (service.fetch)', async () => ({ send: async (request) => await service.fetch(request), origin: 'http://localhost' }))

suite('over HTTP (Node, service.run on port 0)', async () => {
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  return { send: (request) => fetch(request), origin: `http://127.0.0.1:${server.port}`, close: () => server.close() }
})
