/** src/compile/instance.ts: the instance made at build to find field endpoints. */
import { describe, expect, it } from 'vitest'
import { api } from 'fw-api'
import { probe } from '../../src/compile/instance'
import { ImproperlyConfigured } from '../../src/exceptions'

class Base extends api.API {}
class Users extends Base {}

describe('probe', () => {
  it('makes an instance of a class whose constructor needs nothing', () => {
    expect(probe(Users)).toBeInstanceOf(Users)
  })

  it('gives none for a constructor that needs a request, but lets a build mistake through', () => {
    class NeedsRequest extends api.API {
      readonly user = (this.request as unknown as { state: { user: string } }).state.user
    }
    expect(probe(NeedsRequest)).toBeUndefined()
    class Misdeclared extends api.API {
      constructor() {
        super()
        throw new ImproperlyConfigured('bad field endpoint')
      }
    }
    expect(() => probe(Misdeclared)).toThrow('bad field endpoint')
  })
})
