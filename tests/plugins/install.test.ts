/**
 * `service.use()` through one protocol: whatever it takes installs itself
 * (api/install.ts), and what a plugin can do is declared, not guessed from
 * its class: `reportsErrors` silences the console, `handleError` runs only
 * when there is an error (the happy path stays synchronous).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Fw, api } from 'fw-api'
import { INSTALL, type ServiceHooks } from '../../src/api/install'

class Items extends api.API {
  @api.get
  ping() {
    return 'pong'
  }
  @api.get
  crash(): string {
    throw new Error('boom')
  }
}

const get = (service: Fw, path: string) => service.fetch(new Request(`http://localhost${path}`))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('service.use()', () => {
  it('a plugin with handleError leaves the happy path synchronous and still sees errors', async () => {
    const seen: unknown[] = []
    class Catch extends api.Plugin {
      override handleError(error: unknown) {
        seen.push(error)
        return new Response('caught', { status: 503 })
      }
    }
    const service = new Fw(import.meta.url, { api: Items }).use(new Catch())
    const ping = get(service, '/ping')
    expect(ping).toBeInstanceOf(Response)
    expect(await (ping as Response).text()).toBe('"pong"')
    const crash = await get(service, '/crash')
    expect(crash.status).toBe(503)
    expect(await crash.text()).toBe('caught')
    expect(seen).toHaveLength(1)
  })

  it('a plugin that declares reportsErrors silences the console; one that does not, does not', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    class Reporter extends api.Plugin {
      override readonly reportsErrors = true
    }
    expect((await get(new Fw(import.meta.url, { api: Items }).use(new Reporter()), '/crash')).status).toBe(500)
    expect(errors).not.toHaveBeenCalled()
    expect((await get(new Fw(import.meta.url, { api: Items }).use(new (class extends api.Plugin {})()), '/crash')).status).toBe(500)
    expect(errors).toHaveBeenCalledTimes(1)
  })

  it('takes any object that installs itself, and hands it the service hooks', async () => {
    const closed: string[] = []
    const addOn = {
      [INSTALL](service: ServiceHooks) {
        service.onClose(() => void closed.push('add-on'))
        service.setStringify((value) => JSON.stringify({ wrapped: value }))
      },
    }
    const service = new Fw(import.meta.url, { api: Items }).use(addOn)
    expect(await (await get(service, '/ping')).text()).toBe('{"wrapped":"pong"}')
    await service.close()
    expect(closed).toEqual(['add-on'])
  })

  it('refuses what does not install itself', () => {
    const service = new Fw(import.meta.url, { api: Items })
    expect(() => service.use({} as never)).toThrow(/service\.use\(\) takes a conf object/)
  })
})
