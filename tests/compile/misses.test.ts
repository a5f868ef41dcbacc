/**
 * src/compile/misses.ts: how an API class answers its routing errors (a 404 under its prefix, a
 * 405 on one of its paths) — `catchesMisses` (a `'*'` hook, or a parent's hook targeting a sub-API
 * on the way; never a method-name target), and `compileMiss`: synchronously with the class's
 * template when nothing else may answer; else its `@api.handle` hooks nearest class first (a hook's
 * `errors` filter, a failing hook handing its error on), then the plugins' `handleError` (class
 * plugins innermost first, then the service's), then the template — a 405 keeping `Allow`
 * whoever renders it. Driven directly on the levels `collectEndpoints` finds.
 */
import { describe, expect, it } from 'vitest'
import { api, response } from 'fw-api'
import { Plugin } from '../../src/api/plugin'
import { defaultLimits } from '../../src/body/limits'
import { catchesMisses, compileMiss } from '../../src/compile/misses'
import type { CompileOptions } from '../../src/pipeline/plans'
import { collectEndpoints, type ClassLevel } from '../../src/compile/tree'
import { BadRequest, MethodNotAllowed, NotFound } from '../../src/exceptions'
import type { RequestContext } from '../../src/request/context'

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

class Plain extends api.API {
  static response = Envelope
  @api.get
  list() {
    return []
  }
}

class Picky extends api.API {
  @api.get
  list() {
    return []
  }

  @api.handle('*', BadRequest)
  onBad(error: Error) {
    return { picky: error.message }
  }
}

class Child extends api.API {
  @api.get
  ping() {
    return 'pong'
  }

  @api.handle('*')
  onChild(error: Error) {
    if (error instanceof NotFound && error.message.includes('hand-on')) throw new Error('the child hook failed')
    return { child: error.message }
  }
}

class Root extends api.API {
  static plain = Plain
  static picky = Picky
  static child = Child

  @api.handle(Picky)
  onPicky(error: Error) {
    return { root: 'for picky', message: error.message }
  }

  @api.handle('*')
  onAny(error: Error) {
    return { root: 'any', message: error.message }
  }

  @api.get
  status() {
    return 'up'
  }

  @api.handle('status')
  onPingOnly() {
    return 'never for a miss'
  }
}

const definitions = collectEndpoints(Root, '/api')
/** The class levels from the root down to `cls`. */
const levelsOf = (cls: Function): readonly ClassLevel[] => {
  const found = definitions.find((def) => def.cls === cls)
  if (!found) throw new Error(`no endpoint of ${cls.name}`)
  return found.levels
}
const options = (plugins: Plugin[] = []): CompileOptions => ({ stringify: JSON.stringify, debug: false, limits: defaultLimits, plugins })
const context = () => ({}) as RequestContext
const answer = async (made: Response | Promise<Response>) => {
  const done = await made
  return { status: done.status, allow: done.headers.get('allow'), body: await done.json() }
}

describe('catchesMisses', () => {
  it('is a `*` hook, or a parent’s hook targeting a sub-API on the way; never a method-name target', () => {
    const levels = levelsOf(Picky)
    const rootHooks = levels[0]?.hooks ?? []
    const byName = Object.fromEntries(rootHooks.map((hook) => [hook.methodName, hook]))
    expect(catchesMisses(byName.onAny as never, levels, 0)).toBe(true)
    expect(catchesMisses(byName.onPicky as never, levels, 0)).toBe(true)
    expect(catchesMisses(byName.onPingOnly as never, levels, 0)).toBe(false)
    expect(catchesMisses(byName.onPicky as never, levelsOf(Child), 0)).toBe(false) // Child is not Picky
  })
})

describe('compileMiss', () => {
  it('renders with the class’s template, synchronously, when nothing else may answer', async () => {
    const plainOnly = collectEndpoints(Plain, '/v2')[0]?.levels ?? []
    const miss = compileMiss(plainOnly, options())
    const made = miss(context(), new NotFound('path not found: /v2/x'))
    expect(made).toBeInstanceOf(Response)
    expect(await answer(made)).toEqual({ status: 404, allow: null, body: { data: null, msg: 'NotFound: path not found: /v2/x' } })
    const notAllowed = await answer(miss(context(), new MethodNotAllowed('method not allowed: POST (allowed: GET)', { headers: { allow: 'GET' } })))
    expect(notAllowed).toMatchObject({ status: 405, allow: 'GET' })
  })

  it('asks the nearest class’s hook first', async () => {
    expect((await answer(compileMiss(levelsOf(Child), options())(context(), new NotFound('path not found: /api/child/x')))).body).toEqual({
      child: 'path not found: /api/child/x',
    })
  })

  it('skips a hook whose errors do not match; a parent’s hook targeting the sub-API answers', async () => {
    const made = await answer(compileMiss(levelsOf(Picky), options())(context(), new NotFound('path not found: /api/picky/x')))
    expect(made.body).toEqual({ root: 'for picky', message: 'path not found: /api/picky/x' })
  })

  it('hands a failing hook’s error on to the outer hooks', async () => {
    const made = await answer(compileMiss(levelsOf(Child), options())(context(), new NotFound('hand-on')))
    expect(made.body).toEqual({ root: 'any', message: 'the child hook failed' })
  })

  it('keeps Allow on a 405 a hook renders', async () => {
    const error = new MethodNotAllowed('method not allowed: PUT (allowed: GET)', { headers: { allow: 'GET' } })
    class Status extends response.Response {
      static status = 405
    }
    class Strict extends api.API {
      @api.get
      ping() {
        return 'pong'
      }

      @api.response(Status)
      @api.handle('*')
      onMiss(missed: Error) {
        return { strict: missed.message }
      }
    }
    const levels = collectEndpoints(Strict, '/s')[0]?.levels ?? []
    const made = await answer(compileMiss(levels, options())(context(), error))
    expect(made).toEqual({ status: 405, allow: 'GET', body: { strict: 'method not allowed: PUT (allowed: GET)' } })
  })

  it('asks the plugins’ handleError when no hook answers: class plugins innermost first, then the service’s', async () => {
    const asked: string[] = []
    const recorder = (name: string, answerWith?: Response) =>
      new (class extends Plugin {
        override handleError(error: unknown) {
          asked.push(`${name}: ${(error as Error).message}`)
          return answerWith
        }
      })()
    @api.plugin(recorder('outer class'))
    class Outer extends api.API {
      static inner = (() => {
        @api.plugin(recorder('inner class'))
        class Inner extends api.API {
          @api.get
          list() {
            return []
          }
        }
        return Inner
      })()
    }
    const levels = collectEndpoints(Outer, '')[0]?.levels ?? []
    const replaced = new Response('from the service plugin', { status: 404 })
    const miss = compileMiss(levels, options([recorder('service first'), recorder('service last', replaced)]))
    const made = await miss(context(), new NotFound('gone'))
    expect(await made.text()).toBe('from the service plugin')
    expect(asked).toEqual(['inner class: gone', 'outer class: gone', 'service last: gone'])
  })
})
