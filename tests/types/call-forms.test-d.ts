/**
 * The one call form rule, typed (SPEC §1): called and `new`
 * give the same instance type, the option types are checked in both forms,
 * and subclasses type-check.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { api, conf, plugins } from 'fw-api'
import { orm } from 'fw-api/orm'

describe('called and with new, typed both ways', () => {
  it('both forms give the instance type', () => {
    expectTypeOf(conf.Time({ useTz: false })).toEqualTypeOf<conf.Time>()
    expectTypeOf(new conf.Time({ useTz: false })).toEqualTypeOf<conf.Time>()
    expectTypeOf(conf.NestSettings({})).toEqualTypeOf<conf.NestSettings>()
    expectTypeOf(new conf.NestSettings({})).toEqualTypeOf<conf.NestSettings>()
    expectTypeOf(plugins.CORS({ allowOrigin: '*' })).toEqualTypeOf<plugins.CORS>()
    expectTypeOf(new plugins.CORS({ allowOrigin: '*' })).toEqualTypeOf<plugins.CORS>()
    expectTypeOf(plugins.RequestId()).toEqualTypeOf<plugins.RequestId>()
    expectTypeOf(new plugins.RequestId()).toEqualTypeOf<plugins.RequestId>()
    expectTypeOf(plugins.Logger()).toEqualTypeOf<plugins.Logger>()
    expectTypeOf(new plugins.Logger()).toEqualTypeOf<plugins.Logger>()
    expectTypeOf(orm.Database({ schema: {} })).toEqualTypeOf<orm.Database>()
    expectTypeOf(new orm.Database({ schema: {} })).toEqualTypeOf<orm.Database>()
    expectTypeOf(orm.DatabaseConnections({})).toEqualTypeOf<orm.DatabaseConnections>()
    expectTypeOf(new orm.DatabaseConnections({})).toEqualTypeOf<orm.DatabaseConnections>()
    expectTypeOf(plugins.CORS({})).toExtend<api.Plugin>()
  })

  it('options are checked in both forms', () => {
    // @ts-expect-error useTz is a boolean
    conf.Time({ useTz: 'no' })
    // @ts-expect-error useTz is a boolean
    new conf.Time({ useTz: 'no' })
    // @ts-expect-error maxAge is a number
    plugins.CORS({ maxAge: '600' })
    // @ts-expect-error maxAge is a number
    new plugins.CORS({ maxAge: '600' })
    // @ts-expect-error orm.Database needs its options
    orm.Database()
    // @ts-expect-error orm.Database needs its options
    new orm.Database()
  })

  it('the classes stay subclassable, and the subclass is typed as one', () => {
    class Tagged extends plugins.Logger {
      tag = 'x'
    }
    expectTypeOf(new Tagged()).toExtend<plugins.Logger>()
    expectTypeOf(new Tagged().tag).toEqualTypeOf<string>()
    class Year extends conf.Time {
      override format(date: Date): string {
        return String(date.getUTCFullYear())
      }
    }
    expectTypeOf(new Year()).toExtend<conf.Time>()
    // a subclass is a plain class: it takes `new`
    // @ts-expect-error Class constructor cannot be invoked without 'new'
    Tagged()
  })
})
