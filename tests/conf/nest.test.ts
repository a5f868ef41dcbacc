/** src/conf/nest.ts: `conf.NestSettings` — how `service.setup()` creates a Nest application, installed with `service.use()`. */
import { describe, expect, it } from 'vitest'
import { INSTALL, type ServiceHooks } from '../../src/api/install'
import { NestSettings } from '../../src/conf/nest'

class AppModule {}
class UsersModule {}

describe('NestSettings', () => {
  it('keeps the module, imports, options and platform it is given, with empty defaults', () => {
    const settings = new NestSettings({ module: AppModule, imports: [UsersModule], options: { logger: false }, platform: 'express' })
    expect(settings).toMatchObject({ module: AppModule, imports: [UsersModule], options: { logger: false }, platform: 'express' })
    expect(new NestSettings()).toMatchObject({ module: undefined, imports: [], options: {}, platform: undefined })
  })

  it('installs itself as the service’s Nest settings', () => {
    const given: unknown[] = []
    const hooks: ServiceHooks<unknown, NestSettings> = { onClose: () => {}, addPlugin: () => {}, setStringify: () => {}, setNest: (settings) => void given.push(settings) }
    const settings = new NestSettings({ module: AppModule })
    settings[INSTALL](hooks)
    expect(given).toEqual([settings])
  })
})
