/**
 * src/auth/session.ts: `auth.Session` — options checked at build; a session started fresh on
 * login (never the id the client brought), its cookie's attributes, the session read back, a
 * cross-site unsafe request refused (CSRF, login CSRF included), logout ending it.
 */
import { describe, expect, it } from 'vitest'
import { Session } from '../../src/auth/session'
import { MemoryStore } from '../../src/auth/stores'
import { ImproperlyConfigured, PermissionDenied, Unauthorized } from '../../src/exceptions'
import { RequestContext } from '../../src/request/context'

const contextOf = (url: string, init: RequestInit = {}): RequestContext => {
  const parsed = new URL(url)
  return new RequestContext(new Request(url, init), parsed.pathname, '', Date.now())
}
/** The session cookie's value set on `context`. */
const sessionIdOf = (context: RequestContext): string => /^sessionid=([^;]*)/.exec(context.setCookies?.[0] ?? '')?.[1] ?? ''

describe('options', () => {
  it('refuses a missing store, a bad cookie name and a bad maxAge', () => {
    expect(() => Session({} as never)).toThrow(/^auth\.Session: `store` must be a session store/)
    expect(() => Session({ store: MemoryStore(), cookie: { name: 'a b' } })).toThrow("auth.Session: 'a b' is not a cookie name")
    expect(() => Session({ store: MemoryStore(), maxAge: 0 })).toThrow('auth.Session: maxAge is a positive number of seconds')
    expect(() => Session({ store: MemoryStore(), maxAge: 1.5 })).toThrow(ImproperlyConfigured)
  })
})

describe('a session', () => {
  it('starts on login with a fresh random id in an HttpOnly, SameSite cookie, Secure over https', async () => {
    const scheme = Session({ store: MemoryStore(), maxAge: 3600 })
    const login = contextOf('https://api.test/login', { method: 'POST' })
    await scheme.start?.(login, 42)
    expect(login.setCookies?.[0]).toMatch(/^sessionid=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax; Secure$/)
    const plain = contextOf('http://api.test/login', { method: 'POST' })
    await scheme.start?.(plain, 42)
    expect(plain.setCookies?.[0]).not.toContain('Secure')
    expect(sessionIdOf(plain)).not.toBe(sessionIdOf(login))
  })

  it('reads the user back from the cookie, with when it was issued', async () => {
    const scheme = Session({ store: MemoryStore() })
    const login = contextOf('http://api.test/login', { method: 'POST' })
    await scheme.start?.(login, 7n)
    const found = await scheme.authenticate(contextOf('http://api.test/me', { headers: { cookie: `sessionid=${sessionIdOf(login)}` } }))
    expect(found?.id).toBe('7')
    expect(found?.issued).toBeGreaterThan(0)
  })

  it('answers undefined without its cookie, 401 for a malformed or unknown id', async () => {
    const scheme = Session({ store: MemoryStore() })
    expect(await scheme.authenticate(contextOf('http://api.test/me'))).toBeUndefined()
    await expect(scheme.authenticate(contextOf('http://api.test/me', { headers: { cookie: 'sessionid=short' } }))).rejects.toThrow('invalid session')
    await expect(scheme.authenticate(contextOf('http://api.test/me', { headers: { cookie: `sessionid=${'a'.repeat(43)}` } }))).rejects.toBeInstanceOf(Unauthorized)
  })

  it('never keeps the id the client brought (no fixation), deleting its session', async () => {
    const store = MemoryStore()
    const scheme = Session({ store })
    const first = contextOf('http://api.test/login', { method: 'POST' })
    await scheme.start?.(first, 1)
    const brought = sessionIdOf(first)
    const again = contextOf('http://api.test/login', { method: 'POST', headers: { cookie: `sessionid=${brought}` } })
    await scheme.start?.(again, 2)
    expect(sessionIdOf(again)).not.toBe(brought)
    await expect(scheme.authenticate(contextOf('http://api.test/me', { headers: { cookie: `sessionid=${brought}` } }))).rejects.toThrow('unknown or expired session')
  })

  it('ends on logout: the session deleted, the cookie cleared', async () => {
    const scheme = Session({ store: MemoryStore() })
    const login = contextOf('http://api.test/login', { method: 'POST' })
    await scheme.start?.(login, 1)
    const id = sessionIdOf(login)
    const logout = contextOf('http://api.test/logout', { method: 'POST', headers: { cookie: `sessionid=${id}` } })
    await scheme.end?.(logout)
    expect(logout.setCookies?.[0]).toMatch(/^sessionid=; Max-Age=0;/)
    await expect(scheme.authenticate(contextOf('http://api.test/me', { headers: { cookie: `sessionid=${id}` } }))).rejects.toBeInstanceOf(Unauthorized)
  })

  it('refuses a user id that cannot be stored', async () => {
    const scheme = Session({ store: MemoryStore() })
    await expect(scheme.start?.(contextOf('http://api.test/login', { method: 'POST' }), { id: 1 })).rejects.toThrow('auth.Session: a user id must be a number, a string or a bigint (got object)')
  })
})

describe('cross-site requests (CSRF)', () => {
  it('refuses an unsafe request from another origin, or a cross-site fetch without Origin, login included', async () => {
    const scheme = Session({ store: MemoryStore(), trustedOrigins: ['https://app.example'] })
    const login = contextOf('https://api.test/login', { method: 'POST' })
    await scheme.start?.(login, 1)
    const cookie = `sessionid=${sessionIdOf(login)}`
    const from = (headers: Record<string, string>, method = 'POST') => contextOf('https://api.test/things', { method, headers: { cookie, ...headers } })
    await expect(scheme.authenticate(from({ origin: 'https://evil.example' }))).rejects.toBeInstanceOf(PermissionDenied)
    await expect(scheme.authenticate(from({ 'sec-fetch-site': 'cross-site' }))).rejects.toThrow('cross-site request refused: a cross-site page is not a trusted origin')
    expect(() => scheme.checkLogin?.(from({ origin: 'https://evil.example' }))).toThrow(PermissionDenied)
    expect((await scheme.authenticate(from({ origin: 'https://api.test' })))?.id).toBe(1)
    expect((await scheme.authenticate(from({ origin: 'https://app.example' })))?.id).toBe(1)
    expect((await scheme.authenticate(from({ origin: 'https://evil.example' }, 'GET')))?.id).toBe(1)
  })
})

describe('the cookie', () => {
  it('takes its name, path, domain, SameSite and Secure from the options', async () => {
    const scheme = Session({ store: MemoryStore(), cookie: { name: 'sid', path: '/api', domain: 'example.com', sameSite: 'None', httpOnly: false, secure: false } })
    const login = contextOf('http://api.test/login', { method: 'POST' })
    await scheme.start?.(login, 1)
    expect(login.setCookies?.[0]).toMatch(/^sid=[A-Za-z0-9_-]{43}; Max-Age=1209600; Path=\/api; Domain=example\.com; SameSite=None; Secure$/)
    expect(scheme.security).toEqual({ name: 'cookieAuth', scheme: { type: 'apiKey', in: 'cookie', name: 'sid' } })
  })
})
