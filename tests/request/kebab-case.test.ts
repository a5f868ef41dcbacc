/** A header object's keys read from the headers they name (the names themselves: `kebabCase`, tests/request/parse.test.ts). */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Fw, api, request } from '../../src/index'

describe('a header object whose keys are header names', () => {
  class HeadersAPI extends api.API {
    @api.get({ head: request.Headers(v.object({ 'X-Auth-Token': v.string() })) })
    valibot({ head }: { head: { 'X-Auth-Token': string } }) {
      return head['X-Auth-Token']
    }

    @api.get({ head: request.Headers(z.object({ 'X-Auth-Token': z.string() })) })
    zod({ head }: { head: { 'X-Auth-Token': string } }) {
      return head['X-Auth-Token']
    }
  }
  const service = new Fw({ api: HeadersAPI })

  it('reads each key from the header it names (valibot and zod alike)', async () => {
    for (const path of ['valibot', 'zod']) {
      const response = await service.fetch(new Request(`http://localhost/${path}`, { headers: { 'x-auth-token': 'abc' } }))
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 200, body: 'abc' })
    }
  })

  it('documents the header by the key as written', () => {
    const paths = (service.openapi() as unknown as { paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }> }).paths
    for (const path of ['/valibot', '/zod']) expect(paths[path]?.get?.parameters?.map((param) => [param.in, param.name])).toEqual([['header', 'X-Auth-Token']])
  })
})
