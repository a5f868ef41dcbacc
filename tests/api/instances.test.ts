/**
 * The per-request instance (docs/api.md, "The per-request instance"): a class
 * whose constructor leaves nothing on the instance is not constructed per
 * request (its instances come from the prototype); fields and constructors
 * that set anything still run per request, as written.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, request } from 'fw-api'

const get = async (service: Fw, path: string): Promise<unknown> => (await service.fetch(new Request(`http://localhost${path}`))).json()

describe('per-request instances', () => {
  it('a class with nothing to initialise is not constructed per request; each request still has its own instance', async () => {
    let initialised = 0
    const seen: object[] = []
    // An initializer that sets nothing on the instance (the one trace of a construction left to see).
    const counted = <T>(method: T, context: ClassMethodDecoratorContext): T => {
      context.addInitializer(() => void initialised++)
      return method
    }
    class Base extends api.API {
      shared() {
        return `${this.request.method} ${this.request.path}`
      }
    }
    class Bare extends Base {
      @counted
      @api.get
      who() {
        seen.push(this)
        return [this instanceof Bare, Object.getPrototypeOf(this) === Bare.prototype, this.shared(), Object.keys(this)]
      }
    }
    const service = new Fw(import.meta.url, { api: Bare })
    const atBuild = initialised
    expect(atBuild).toBeGreaterThan(0)
    expect(await get(service, '/who')).toEqual([true, true, 'GET /who', ['request']])
    expect(await get(service, '/who')).toEqual([true, true, 'GET /who', ['request']])
    expect(initialised).toBe(atBuild)
    expect(seen[0]).not.toBe(seen[1])
  })

  it('a constructor of its own runs per request, even one that sets nothing', async () => {
    let constructed = 0
    class Counting extends api.API {
      constructor() {
        super()
        constructed++
      }
      @api.get
      count() {
        return constructed
      }
    }
    const service = new Fw(import.meta.url, { api: Counting })
    const first = (await get(service, '/count')) as number
    expect(await get(service, '/count')).toBe(first + 1)
  })

  it('private members work: their class is constructed per request', async () => {
    // No decorator here: esbuild keeps `#hits` native and writes no constructor.
    class Secret extends api.API {
      #hits = 0
      #bump() {
        return ++this.#hits
      }
      hit() {
        return this.#bump()
      }
    }
    class Sub extends Secret {
      @api.get
      again() {
        return this.hit()
      }
    }
    const sub = new Fw(import.meta.url, { api: Sub })
    expect(await get(sub, '/again')).toBe(1)
    expect(await get(sub, '/again')).toBe(1)
  })

  it('fields start fresh on every request, and a constructor that sets anything runs per request', async () => {
    let constructed = 0
    class Counted extends api.API {
      hits = 0
      tags: string[] = []
      @api.get
      count() {
        this.hits++
        this.tags.push('x')
        return [this.hits, this.tags.length]
      }
    }
    class Assigning extends api.API {
      declare started: number
      constructor() {
        super()
        constructed++
        this.started = constructed
      }
      @api.get
      when() {
        return this.started
      }
    }
    const counted = new Fw(import.meta.url, { api: Counted })
    expect(await get(counted, '/count')).toEqual([1, 1])
    expect(await get(counted, '/count')).toEqual([1, 1])
    const assigning = new Fw(import.meta.url, { api: Assigning })
    const first = (await get(assigning, '/when')) as number
    expect(await get(assigning, '/when')).toBe(first + 1)
  })

  it('common params, sub-APIs and hooks see the same instances as before', async () => {
    class Child extends api.API {
      @request.QueryParam({ default: 'none' }) tag!: string
      @api.get
      read() {
        return [this.tag, this.request.state.mark, this instanceof Child]
      }
    }
    class Parent extends api.API {
      static child = Child
      note = 'parent field'
      @api.before(Child)
      mark() {
        this.request.state.mark = `${this.note} ${this instanceof Parent}`
      }
    }
    const service = new Fw(import.meta.url, { api: Parent })
    expect(await get(service, '/child/read?tag=a')).toEqual(['a', 'parent field true', true])
    expect(await get(service, '/child/read')).toEqual(['none', 'parent field true', true])
  })

  it('field endpoints still get a constructed instance', async () => {
    class Fields extends api.API {
      prefix = 'n='
      show = api.get({ n: v.pipe(v.string(), v.transform(Number)) }, ({ n }) => `${this.prefix}${n}`)
    }
    expect(await get(new Fw(import.meta.url, { api: Fields }), '/show?n=3')).toBe('n=3')
  })
})
