/**
 * src/compile/plugin-steps.ts: the steps of plugins — `pluginStep` (none for a plugin with no
 * step; `processRequest` answering instead of the rest with a `Response`, `processResponse`
 * replacing the answer with one, anything else carrying on; synchronous unless something is
 * waited for; what a plugin or the rest throws rendered, never a crash; fw's own AROUND scope
 * around both), `pluginSteps` (outermost first, the stepless left out) and `errorPluginRecover`
 * (`handleError`'s `Response` answers; anything else hands the error on, what it throws replaces it).
 * Driven directly with a request context as the chain's state (`itself`).
 */
import { describe, expect, it } from 'vitest'
import { AROUND, Plugin } from '../../src/api/plugin'
import { compose, rescued, type Handler } from '../../src/pipeline/compose'
import { errorPluginRecover, itself, pluginStep, pluginSteps } from '../../src/pipeline/plugin-steps'
import { NotFound, PermissionDenied } from '../../src/exceptions'
import { RequestContext } from '../../src/request/context'
import { Renderer } from '../../src/response/render'
import { BARE } from '../../src/response/response'

const renderer = new Renderer(BARE, { stringify: JSON.stringify, debug: false, where: 'the service' })
const contextOf = (url = 'http://x/items') => new RequestContext(new Request(url), new URL(url).pathname, '', Date.now())
const ok: Handler<RequestContext> = () => new Response('from the route')
const run = (plugin: Plugin, next: Handler<RequestContext> = ok) => {
  const step = pluginStep(plugin, renderer, itself)
  if (!step) throw new Error('no step')
  return step(next, contextOf())
}

describe('pluginStep', () => {
  it('is no step for a plugin with neither step (handleError only)', () => {
    class OnlyErrors extends Plugin {
      override handleError() {
        return undefined
      }
    }
    expect(pluginStep(new OnlyErrors(), renderer, itself)).toBeUndefined()
  })

  it('answers with processRequest’s Response instead of the rest; carries on otherwise, synchronously', async () => {
    class Gate extends Plugin {
      override processRequest(request: Request) {
        return request.headers.has('x-pass') ? undefined : new Response('stopped', { status: 401 })
      }
    }
    const stopped = run(new Gate())
    expect(stopped).toBeInstanceOf(Response)
    expect(await (stopped as Response).text()).toBe('stopped')
    const step = pluginStep(new Gate(), renderer, itself)
    const passed = step?.(ok, new RequestContext(new Request('http://x/', { headers: { 'x-pass': '1' } }), '/', '', Date.now()))
    expect(await (passed as Response).text()).toBe('from the route')
  })

  it('replaces the answer with processResponse’s Response; keeps it for anything else', async () => {
    class Stamp extends Plugin {
      override processResponse(response: Response) {
        const copy = new Response(response.body, response)
        copy.headers.set('x-stamped', '1')
        return copy
      }
    }
    class Looks extends Plugin {
      override processResponse() {
        return 'not a response' as never // what a careless plugin returns: no Response
      }
    }
    expect((run(new Stamp()) as Response).headers.get('x-stamped')).toBe('1')
    expect(await (run(new Looks()) as Response).text()).toBe('from the route')
  })

  it('waits for async steps and an async rest, in order', async () => {
    const order: string[] = []
    class Slow extends Plugin {
      override async processRequest() {
        order.push('request')
      }
      override async processResponse(response: Response) {
        order.push(`response ${response.status}`)
      }
    }
    const answer = run(new Slow(), async () => (order.push('route'), new Response(null, { status: 204 })))
    expect(answer).toBeInstanceOf(Promise)
    expect((await answer).status).toBe(204)
    expect(order).toEqual(['request', 'route', 'response 204'])
  })

  it('renders what a plugin or the rest throws, sync or async, never a crash', async () => {
    class Throws extends Plugin {
      override processRequest() {
        throw new PermissionDenied('no entry')
      }
    }
    class ThrowsLater extends Plugin {
      override async processResponse(): Promise<undefined> {
        throw new NotFound('gone')
      }
    }
    class Passes extends Plugin {
      override processResponse(response: Response) {
        return response
      }
    }
    expect((run(new Throws()) as Response).status).toBe(403)
    expect((await run(new ThrowsLater())).status).toBe(404)
    const original = console.error
    console.error = () => undefined
    try {
      expect((await run(new Passes(), () => Promise.reject(new Error('route broke')))).status).toBe(500)
      expect((run(new Passes(), () => { throw new NotFound('sync miss') }) as Response).status).toBe(404)
    } finally {
      console.error = original
    }
  })

  it('runs fw’s own scope (AROUND) around the plugin’s steps; what it throws is rendered', async () => {
    const order: string[] = []
    class Scoped extends Plugin {
      constructor() {
        super()
        this[AROUND] = (context, next) => {
          order.push(`enter ${context.path}`)
          const answer = next()
          order.push('leave')
          return answer
        }
      }
      override processRequest() {
        order.push('request')
      }
    }
    await run(new Scoped())
    expect(order).toEqual(['enter /items', 'request', 'leave'])
    class Broken extends Plugin {
      constructor() {
        super()
        this[AROUND] = () => {
          throw new PermissionDenied('scope refused')
        }
      }
    }
    expect((run(new Broken()) as Response).status).toBe(403)
    const onlyScope = new Broken()
    expect(pluginStep(onlyScope, renderer, itself)).toBeDefined() // a scope alone is a step
  })
})

describe('pluginSteps', () => {
  it('keeps the plugins with a step, outermost first', async () => {
    const order: string[] = []
    const named = (name: string) =>
      new (class extends Plugin {
        override processRequest() {
          order.push(name)
        }
      })()
    const stepless = new Plugin()
    const steps = pluginSteps([named('outer'), stepless, named('inner')], renderer, itself)
    expect(steps).toHaveLength(2)
    await compose(steps, ok)(contextOf())
    expect(order).toEqual(['outer', 'inner'])
  })
})

describe('errorPluginRecover', () => {
  // the recover rescuing what is further in, as a class's miss boundary runs it (compile/misses.ts)
  const errorPluginStep = (plugin: Plugin, contextOf: (state: RequestContext) => RequestContext) => (next: Handler<RequestContext>, state: RequestContext) =>
    rescued(state, next, errorPluginRecover(plugin, contextOf))
  const failing: Handler<RequestContext> = () => {
    throw new NotFound('no item')
  }

  it('answers with handleError’s Response', async () => {
    class Answers extends Plugin {
      override handleError(error: unknown) {
        return new Response(`handled ${(error as Error).message}`, { status: 410 })
      }
    }
    const answer = await errorPluginStep(new Answers(), itself)(failing, contextOf())
    expect([answer.status, await answer.text()]).toEqual([410, 'handled no item'])
  })

  it('hands the error on for anything else, sync or async; what handleError throws replaces it', async () => {
    class Looks extends Plugin {
      override handleError() {
        return 'not a response' as never // what a careless plugin returns: no Response
      }
    }
    class LooksLater extends Plugin {
      override async handleError() {
        return undefined
      }
    }
    class Replaces extends Plugin {
      override handleError() {
        throw new PermissionDenied('replaced')
      }
    }
    expect(() => errorPluginStep(new Looks(), itself)(failing, contextOf())).toThrow('no item')
    await expect(errorPluginStep(new LooksLater(), itself)(failing, contextOf())).rejects.toThrow('no item')
    expect(() => errorPluginStep(new Replaces(), itself)(failing, contextOf())).toThrow('replaced')
  })

  it('passes an answer through untouched', () => {
    const fine = new Response('fine')
    expect(errorPluginStep(new Plugin(), itself)(() => fine, contextOf())).toBe(fine)
  })
})
