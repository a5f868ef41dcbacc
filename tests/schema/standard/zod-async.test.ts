/**
 * zod's `~standard.validate` strands the first promise of an async check (colinhacks/zod#6610): a
 * rejection there was an unhandled rejection — Node's default ends the process — and every async
 * check ran twice. schema/standard/zod-async.ts calls zod's `safeParseAsync` for such schemas.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Fw, api, request } from 'fw-api'
import { validatorOf } from '../../../src/schema/standard/zod-async'

/** Unhandled rejections seen while `run` runs (and one turn of the event loop after). */
async function unhandledDuring(run: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = []
  const listener = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', listener)
  try {
    await run()
    await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    process.off('unhandledRejection', listener)
  }
  return seen
}

describe('zod schemas with async checks', () => {
  it('an async check runs once and a rejecting one leaves no unhandled rejection', async () => {
    let calls = 0
    const schema = z.object({
      name: z.string().refine(async (name) => {
        calls += 1
        return name !== 'taken'
      }, 'is taken'),
      data: z.string().transform(async (text): Promise<unknown> => JSON.parse(text)),
    })
    const validate = validatorOf(schema)
    const unhandled = await unhandledDuring(async () => {
      expect(await validate({ name: 'ada', data: '{"a":1}' })).toEqual({ value: { name: 'ada', data: { a: 1 } } })
      await expect(validate({ name: 'ada', data: '{' })).rejects.toThrow(SyntaxError)
    })
    expect(calls).toBe(2)
    expect(unhandled).toEqual([])
  })

  it('found through object shapes, arrays, optionals and pipes; a schema without one keeps the sync path', () => {
    const deep = z.object({ list: z.array(z.object({ n: z.number().transform(async (n) => n) })).optional() })
    expect(validatorOf(deep)({ list: [{ n: 1 }] })).toBeInstanceOf(Promise)
    expect(validatorOf(z.object({ n: z.number() }))({ n: 1 })).toEqual({ value: { n: 1 } })
  })

  it('over the service: a throwing async transform is the param\'s 400, the refinement runs once', async () => {
    let calls = 0
    const body = z.object({
      name: z.string().refine(async () => {
        calls += 1
        return true
      }),
      data: z.string().transform(async (text): Promise<unknown> => JSON.parse(text)),
    })
    class Items extends api.API {
      create = api.post({ item: request.Body(body) }, ({ item }) => item)
    }
    const service = new Fw({ api: Items })
    const post = (json: unknown) =>
      service.fetch(new Request('http://x/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }))
    const unhandled = await unhandledDuring(async () => {
      const bad = await post({ name: 'ada', data: '{' })
      expect(bad.status).toBe(400)
      expect(await bad.text()).not.toContain('    at ')
      const good = await post({ name: 'ada', data: '[1]' })
      expect(good.status).toBe(200)
      expect(await good.json()).toEqual({ name: 'ada', data: [1] })
    })
    expect(unhandled).toEqual([])
    expect(calls).toBe(2)
  })
})
