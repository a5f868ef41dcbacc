/**
 * fw-api/auth in the OpenAPI document: each scheme a `securitySchemes`
 * entry, each endpoint its `security` (optional user → also `{}`) and its 401
 * with `WWW-Authenticate`; the document stays valid OpenAPI 3.1.
 */
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { validate } from '@readme/openapi-parser'
import { service } from './fixtures/app'

type Operation = { security?: unknown[]; responses: Record<string, { $ref?: string }>; parameters?: { name: string }[] }

describe('auth in the OpenAPI document', () => {
  const document = service.openapi()
  const operation = (path: string, method = 'get'): Operation => (document.paths[path] as Record<string, Operation>)[method] as Operation

  it('lists every scheme the routes use', () => {
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
      apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      basicAuth: { type: 'http', scheme: 'basic' },
      customAuth: { type: 'apiKey', in: 'header', name: 'X-Outside' },
    })
  })

  it('each endpoint its security and 401; an optional user also {}; a public one none', () => {
    expect(operation('/user/jwt').security).toEqual([{ bearerAuth: [] }])
    expect(operation('/user/session').security).toEqual([{ cookieAuth: [] }])
    expect(operation('/user/anyone').security).toEqual([{ cookieAuth: [] }, {}])
    expect(operation('/user/key').security).toEqual([{ apiKeyAuth: [] }])
    expect(operation('/user/jwt').responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' })
    expect(document.components.responses.Unauthorized).toMatchObject({ headers: { 'WWW-Authenticate': { schema: { type: 'string' } } } })
    expect(operation('/user/jwt_login', 'post').security).toEqual([]) // public, said explicitly (redocly's security-defined)
    expect(operation('/user/jwt_login', 'post').responses['401']).toBeUndefined()
    // the user is no wire parameter
    expect(operation('/user/jwt').parameters ?? []).toEqual([])
  })

  it('auth.Require and a before hook’s user make their routes secured', () => {
    expect(operation('/user/guarded/common').security).toEqual([{ bearerAuth: [] }])
    expect(operation('/user/guarded/hooked').security).toEqual([{ bearerAuth: [] }])
  })

  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, JSON.stringify(result)).toBe(true)
  })
})

describe('CORS preflight of a user param', () => {
  it('allows the header its scheme reads (Authorization, the API key header)', async () => {
    const preflight = (path: string) => service.fetch(new Request(`http://localhost${path}`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' } }))
    expect((await preflight('/user/jwt')).headers.get('access-control-allow-headers')).toContain('authorization')
    expect((await preflight('/user/key')).headers.get('access-control-allow-headers')).toContain('x-api-key')
  })
})
