/**
 * src/body/markers.ts: `request.Body`, `Json`, `Form` and `BodyParam` — each a marker of the body
 * it accepts, with its byte limit; a cast instead of a schema kept as the build's message; making
 * one installs the body support the core reads bodies through.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Body, BodyParam, Form, Json } from '../../src/body/markers'
import { bodySupport } from '../../src/body/support'
import { toSpec } from '../../src/request/markers'
import { defaultLimits } from '../../src/body/limits'
import { RequestContext } from '../../src/request/context'

const Item = v.object({ name: v.string() })

describe('the body markers', () => {
  it('declare the whole body with the formats each accepts', () => {
    expect(toSpec(Body(Item))).toMatchObject({ kind: 'body', accept: 'any', schema: Item, invalid: undefined })
    expect(toSpec(Json(Item))).toMatchObject({ kind: 'body', accept: 'json' })
    expect(toSpec(Form(Item))).toMatchObject({ kind: 'body', accept: 'form' })
    expect(toSpec(Body(Item, { contentType: 'application/vnd.item+json' })).contentType).toBe('application/vnd.item+json')
  })

  it('take a byte limit under either spelling', () => {
    expect(toSpec(Body(Item, { maxBytes: 2048 })).maxLength).toBe(2048)
    expect(toSpec(Json(Item, { maxLength: 512 })).maxLength).toBe(512)
    expect(toSpec(Form(Item)).maxLength).toBeUndefined()
  })

  it('keep a cast in place of a schema as the message the build refuses with', () => {
    expect(toSpec(Body({ name: v.string() } as never)).invalid).toBe(
      'request.Body() takes a valibot schema, got a plain object (keys: name); a cast does not make it a schema: write request.Body(v.object({ … }))',
    )
    expect(toSpec(Json('text' as never)).invalid).toBe('request.Json() takes a valibot schema, got string')
  })

  it('declare one body field with BodyParam, configurable like any marker', () => {
    expect(toSpec(BodyParam)).toEqual({ kind: 'body-field', hasDefault: false })
    const field = (BodyParam as unknown as (schema: unknown, options: object) => unknown)(v.number(), { alias: 'n' })
    expect(toSpec(field)).toMatchObject({ kind: 'body-field', alias: 'n' })
  })

  it('install the body support the core reads bodies through', async () => {
    const support = bodySupport()
    const params = support.params('Items.create()')
    const planned = params.add(toSpec(Json(Item)), 'item', (_name, source) => source)
    expect(planned).toEqual({ kind: 'body', index: 0 })
    const [plan] = params.bodies
    expect(plan).toMatchObject({ accept: 'json' })
    const body = support.endpointBody(params.bodies, defaultLimits)
    const post = (type: string) => new Request('http://h/', { method: 'POST', headers: { 'content-type': type }, body: '{"name":"a"}' })
    const exchange = { context: new RequestContext(post('application/json'), '/', '', Date.now()), bodyAccepted: undefined }
    expect(await body.read(exchange)).toEqual({ name: 'a' })
    expect(exchange.bodyAccepted).toEqual([true])
    const text = { context: new RequestContext(post('text/plain'), '/', '', Date.now()), bodyAccepted: undefined }
    await expect(body.read(text)).rejects.toMatchObject({ status: 415 })
  })
})
