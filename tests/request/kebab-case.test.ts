/** Header names from param keys (src/request/parse.ts `kebabCase`), and a header object's keys read by them. */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Fw, api, request } from '../../src/index'
import { kebabCase } from '../../src/request/parse'

describe('kebabCase', () => {
  it('turns camelCase and snake_case keys into header names', () => {
    expect(kebabCase('xTestHeader')).toBe('x-test-header')
    expect(kebabCase('auth_token')).toBe('auth-token')
    expect(kebabCase('cookie')).toBe('cookie')
  })

  it('keeps a name already spelled as a header name, and one separator after an underscore', () => {
    expect(kebabCase('X-Auth-Token')).toBe('X-Auth-Token')
    expect(kebabCase('x-request-Id')).toBe('x-request-Id')
    expect(kebabCase('X_Meta_Data')).toBe('x-meta-data')
  })
})

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
