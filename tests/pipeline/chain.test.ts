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

/** Errors of `EndpointChain.run` go to the error hooks (nearest class first), then the error plugins, then the renderer. */
class Caught extends api.API {
  @api.handle('*', exceptions.NotFound)
  outerHook(error: exceptions.NotFound) {
    return { by: 'outer hook', was: error.message }
  }
}

class Fallback extends api.Plugin {
  override handleError(error: unknown) {
    if (error instanceof exceptions.Conflict) return Response.json({ by: 'plugin', was: error.message }, { status: 409 })
    return undefined
  }
}

@api.plugin(new Fallback())
class Inner extends Caught {
  @api.handle('*', exceptions.Gone)
  innerHook(): never {
    // what a hook throws goes on outwards, in place of the error
    throw new exceptions.Conflict('replaced by the inner hook')
  }

  @api.handle('*', exceptions.BadRequest)
  nearest(error: exceptions.BadRequest) {
    return { by: 'nearest hook', was: error.message }
  }

  @api.get
  gone(): never {
    throw new exceptions.Gone('gone')
  }

  @api.get
  async missing(): Promise<never> {
    throw new exceptions.NotFound('missing')
  }

  @api.get
  bad(): never {
    throw new exceptions.BadRequest('bad')
  }

  @api.get
  async other(): Promise<never> {
    throw new exceptions.PermissionDenied('no')
  }
}

describe('the error boundary', () => {
  const service = new Fw(import.meta.url, { api: Inner })
  it('hands an error to the nearest hook that takes it, then outer hooks, then plugins, then renders it (sync or async)', async () => {
    expect(await get(service, '/bad')).toMatchObject({ status: 200, body: JSON.stringify({ by: 'nearest hook', was: 'bad' }) })
    expect(await get(service, '/missing')).toMatchObject({ status: 200, body: JSON.stringify({ by: 'outer hook', was: 'missing' }) })
    expect(await get(service, '/gone')).toMatchObject({ status: 409, body: JSON.stringify({ by: 'plugin', was: 'replaced by the inner hook' }) })
    expect((await get(service, '/other')).status).toBe(403)
  })

  it('answers with a promise when hooks are declared, even for a synchronous method', async () => {
    const answer = service.fetch(new Request('http://localhost/bad'))
    expect(answer).toBeInstanceOf(Promise)
    expect((await answer).status).toBe(200)
  })
})
