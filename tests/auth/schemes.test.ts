/**
 * src/auth/schemes.ts: `auth.APIKey`, `auth.Basic`, `auth.Custom` — credentials read from the
 * request, bounded, decoded strictly; a user row or id found, else the same 401.
 */
import { describe, expect, it } from 'vitest'
import { APIKey, Basic, Custom } from '../../src/auth/schemes'
import { ImproperlyConfigured, Unauthorized } from '../../src/exceptions'
import type { RequestContext } from '../../src/request/context'

const sending = (headers: Record<string, string>): RequestContext => ({ headers: new Headers(headers) }) as unknown as RequestContext
const basic = (text: string): string => `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}`

/** The message of the 401 `run` rejects with. */
async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(Unauthorized)
  return (error as Unauthorized).message
}

describe('APIKey', () => {
  const keys: Record<string, unknown> = { 'key-1': { id: 1, name: 'a' }, 'key-2': 2 }
  const scheme = APIKey({ verify: (key) => (keys[key] as never) ?? null })

  it('finds the user (a row) or its id from the X-API-Key header', async () => {
    expect(await scheme.authenticate(sending({ 'x-api-key': 'key-1' }))).toEqual({ user: { id: 1, name: 'a' } })
    expect(await scheme.authenticate(sending({ 'X-API-KEY': 'key-2' }))).toEqual({ id: 2 })
  })

  it('answers undefined without the header, 401 for an unknown, empty or oversized key', async () => {
    expect(await scheme.authenticate(sending({}))).toBeUndefined()
    expect(await refusal(scheme.authenticate(sending({ 'x-api-key': 'nope' })))).toBe('invalid credentials')
    expect(await refusal(scheme.authenticate(sending({ 'x-api-key': '' })))).toBe('invalid credentials')
    let verified = 0
    const counting = APIKey({ verify: () => (verified++, 1) })
    expect(await refusal(counting.authenticate(sending({ 'x-api-key': 'k'.repeat(4097) })))).toBe('invalid credentials')
    expect(verified).toBe(0)
  })

  it('reads the header it is given, documents it, and requires verify', () => {
    const custom = APIKey({ header: 'Authorization-Key', verify: () => 1 })
    expect(custom.headers).toEqual(['authorization-key'])
    expect(custom.security).toEqual({ name: 'apiKeyAuth', scheme: { type: 'apiKey', in: 'header', name: 'Authorization-Key' } })
    expect(custom.challenge).toBe('APIKey realm="api", header="Authorization-Key"')
    expect(() => APIKey({} as never)).toThrow(ImproperlyConfigured)
  })
})

describe('Basic', () => {
  const scheme = Basic({ verify: (username, password) => (username === 'ünï' && password === 'p:ss' ? { id: 7 } : null) })

  it('decodes UTF-8 credentials, the password after the first colon', async () => {
    expect(await scheme.authenticate(sending({ authorization: basic('ünï:p:ss') }))).toEqual({ user: { id: 7 } })
  })

  it('answers undefined for no Authorization or another scheme', async () => {
    expect(await scheme.authenticate(sending({}))).toBeUndefined()
    expect(await scheme.authenticate(sending({ authorization: 'Bearer x' }))).toBeUndefined()
  })

  it('answers 401 for bad credentials, bad base64, bad UTF-8, no colon and oversized ones', async () => {
    expect(await refusal(scheme.authenticate(sending({ authorization: basic('ünï:wrong') })))).toBe('invalid credentials')
    expect(await refusal(scheme.authenticate(sending({ authorization: 'Basic !!!' })))).toBe('malformed Basic credentials')
    expect(await refusal(scheme.authenticate(sending({ authorization: `Basic ${btoa('\xff\xfe:x')}` })))).toBe('malformed Basic credentials')
    expect(await refusal(scheme.authenticate(sending({ authorization: basic('nocolon') })))).toBe('malformed Basic credentials')
    expect(await refusal(scheme.authenticate(sending({ authorization: `Basic ${'A'.repeat(4100)}` })))).toBe('invalid credentials')
  })

  it('keeps quotes and backslashes out of its realm (the challenge stays one header value)', () => {
    expect(Basic({ realm: 'a"b\\c', verify: () => 1 }).challenge).toBe('Basic realm="abc", charset="UTF-8"')
    expect(() => Basic({} as never)).toThrow('auth.Basic: `verify(username, password)` is required')
  })
})

describe('Custom', () => {
  it('takes what resolve finds: undefined (no credentials), null (401), an id or a row', async () => {
    const answers: unknown[] = [undefined, null, 'user-1', { id: 2 }]
    const scheme = Custom({ scheme: { type: 'http', scheme: 'bearer' }, resolve: () => answers.shift() as never })
    const context = sending({})
    expect(await scheme.authenticate(context)).toBeUndefined()
    expect(await refusal(scheme.authenticate(context))).toBe('invalid credentials')
    expect(await scheme.authenticate(context)).toEqual({ id: 'user-1' })
    expect(await scheme.authenticate(context)).toEqual({ user: { id: 2 } })
  })

  it('documents itself under its name and answers with its challenge; resolve is required', async () => {
    const scheme = Custom({ name: 'cookieAuth', challenge: 'Cookie', scheme: { type: 'apiKey', in: 'cookie', name: 'sid' }, resolve: () => null })
    expect(scheme.security.name).toBe('cookieAuth')
    const error = await scheme.authenticate(sending({})).catch((thrown: unknown) => thrown)
    expect((error as Unauthorized).headers['www-authenticate']).toBe('Cookie')
    expect(() => Custom({ scheme: {} } as never)).toThrow('auth.Custom: `resolve(context)` is required')
  })
})
