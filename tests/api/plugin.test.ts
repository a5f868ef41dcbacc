/** src/api/plugin.ts: the plugin base class — what counts as a plugin, and how `service.use(plugin)` installs one. */
import { describe, expect, it } from 'vitest'
import { INSTALL, type ServiceHooks } from '../../src/api/install'
import { isPlugin, Plugin } from '../../src/api/plugin'

class Timing extends Plugin {
  override processResponse(response: Response): Response {
    response.headers.set('x-timing', '1')
    return response
  }
}

describe('Plugin', () => {
  it('installs itself as a plugin of the service, in the order used', () => {
    const added: Plugin[] = []
    const hooks: ServiceHooks<Plugin> = { onClose: () => {}, addPlugin: (plugin) => void added.push(plugin), setStringify: () => {}, setNest: () => {} }
    const first = new Timing()
    const second = new Plugin()
    first[INSTALL](hooks)
    second[INSTALL](hooks)
    expect(added).toEqual([first, second])
  })

  it('has no step of its own unless a subclass gives one', () => {
    const bare = new Plugin()
    expect(bare.processRequest).toBeUndefined()
    expect(bare.processResponse).toBeUndefined()
    expect(bare.handleError).toBeUndefined()
    expect(typeof new Timing().processResponse).toBe('function')
  })
})

describe('isPlugin', () => {
  it('is true for instances of Plugin and its subclasses only', () => {
    expect(isPlugin(new Timing())).toBe(true)
    expect(isPlugin(new Plugin())).toBe(true)
    expect(isPlugin(Timing)).toBe(false)
    expect(isPlugin({ processRequest: () => undefined })).toBe(false)
    expect(isPlugin(null)).toBe(false)
  })
})
