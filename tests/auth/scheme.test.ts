/** src/auth/scheme.ts: the answers every scheme shares (401 with its challenge, 403 cross-site) and the Authorization header read once. */
import { describe, expect, it } from 'vitest'
import { authorization, crossSite, unauthorized } from '../../src/auth/scheme'
import { PermissionDenied, Unauthorized } from '../../src/exceptions'
import type { RequestContext } from '../../src/request/context'

/** A request context as `authorization` reads it: its headers only. */
const withHeaders = (headers: Record<string, string>): RequestContext => ({ headers: new Headers(headers) }) as unknown as RequestContext

describe('unauthorized', () => {
  it('is a 401 carrying the scheme’s WWW-Authenticate challenge', () => {
    const error = unauthorized({ challenge: 'Bearer realm="api"' }, 'token expired')
    expect(error).toBeInstanceOf(Unauthorized)
    expect(error.status).toBe(401)
    expect(error.headers).toEqual({ 'www-authenticate': 'Bearer realm="api"' })
    expect(error.fullMessage).toBe('Unauthorized: token expired')
  })
})

describe('crossSite', () => {
  it('is a 403 naming the origin, cut to 100 characters (it is the client’s text)', () => {
    const error = crossSite('https://evil.example')
    expect(error).toBeInstanceOf(PermissionDenied)
    expect(error.message).toBe('cross-site request refused: https://evil.example is not a trusted origin')
    expect(crossSite(`https://${'a'.repeat(500)}`).message.length).toBeLessThan(160)
  })
})

describe('authorization', () => {
  it('splits the scheme (lower-cased) from the credentials (trimmed)', () => {
    expect(authorization(withHeaders({ authorization: 'Bearer abc.def ' }))).toEqual({ scheme: 'bearer', credentials: 'abc.def' })
    expect(authorization(withHeaders({ authorization: 'Basic  dXNlcjpwYXNz' }))).toEqual({ scheme: 'basic', credentials: 'dXNlcjpwYXNz' })
  })

  it('is undefined without the header, or without a scheme before a space', () => {
    expect(authorization(withHeaders({}))).toBeUndefined()
    expect(authorization(withHeaders({ authorization: 'token' }))).toBeUndefined()
    expect(authorization(withHeaders({ authorization: ' token' }))).toBeUndefined()
  })
})
