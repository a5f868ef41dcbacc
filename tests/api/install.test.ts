/** src/api/install.ts: `service.use(item)`'s one protocol — an item installs itself through INSTALL. */
import { describe, expect, it } from 'vitest'
import { INSTALL, isInstallable, SelfInstalling, type ServiceHooks } from '../../src/api/install'

describe('isInstallable', () => {
  it('is true for an object with an INSTALL method, whatever else it has', () => {
    expect(isInstallable({ [INSTALL]: () => {} })).toBe(true)
  })

  it('is false for anything else (INSTALL not a function, functions, plain values)', () => {
    for (const value of [undefined, null, {}, { [INSTALL]: true }, 'x', () => {}, { install: () => {} }]) expect(isInstallable(value)).toBe(false)
  })

  it('is one symbol across copies of the module (Symbol.for)', () => {
    expect(INSTALL).toBe(Symbol.for('fw.install'))
  })
})

describe('SelfInstalling', () => {
  it('installs through INSTALL into the service hooks it is given', () => {
    const closes: (() => void)[] = []
    class Closer extends SelfInstalling<ServiceHooks> {
      protected installInto(service: ServiceHooks): void {
        service.onClose(() => {})
      }
    }
    const hooks: ServiceHooks = {
      onClose: (close) => closes.push(close as () => void),
      addPlugin: () => {},
      setStringify: () => {},
      setNest: () => {},
    }
    const item = new Closer()
    expect(isInstallable(item)).toBe(true)
    item[INSTALL](hooks)
    expect(closes).toHaveLength(1)
  })
})
