/** src/compile/instance.ts: the API class lineage declarations are read along, and the instance made at build to find field endpoints. */
import { describe, expect, it } from 'vitest'
import { api } from 'fw-api'
import { lineage, probe } from '../../src/compile/instance'
import { ImproperlyConfigured } from '../../src/exceptions'

class Base extends api.API {}
class Users extends Base {}

describe('lineage', () => {
  it('lists the API classes from the first one below api.API down to the class', () => {
    expect(lineage(Users)).toEqual([Base, Users])
    expect(lineage(Base)).toEqual([Base])
    expect(lineage(class Plain {})).toEqual([])
  })
})

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
