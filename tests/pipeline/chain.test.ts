/**
 * An endpoint's composed steps (src/pipeline/chain.ts): every endpoint,
 * with or without hooks and plugins, runs the same steps, so an answer does
 * not depend on what is declared around it.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'

class Session extends api.API {
  /** a session login (fw-api/auth's `start`) adds its cookie to the request, then the method fails */
  @api.get
  loginThenFail(): never {
    ;(this.request.setCookies ??= []).push('sid=new; Path=/; HttpOnly')
    throw new exceptions.Conflict('already there')
  }

  @api.get
  async loginThenReject(): Promise<never> {
    ;(this.request.setCookies ??= []).push('sid=new; Path=/; HttpOnly')
    throw new exceptions.Conflict('already there')
  }
}

class Hooked extends Session {
  @api.after('*')
  seen() {}
}

const get = async (service: Fw, path: string) => {
  const response = await service.fetch(new Request(`http://localhost${path}`))
  return { status: response.status, cookie: response.headers.get('set-cookie'), body: await response.text() }
}

describe('the endpoint steps', () => {
  it('a cookie set while handling reaches the error answer, with or without hooks around the endpoint', async () => {
    const plain = new Fw(import.meta.url, { api: Session })
    const hooked = new Fw(import.meta.url, { api: Hooked })
    for (const path of ['/loginThenFail', '/loginThenReject']) {
      const alone = await get(plain, path)
      expect(alone.status, path).toBe(409)
      expect(alone.cookie, path).toBe('sid=new; Path=/; HttpOnly')
      expect(alone, path).toEqual(await get(hooked, path))
    }
  })
})
