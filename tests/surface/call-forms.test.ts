/**
 * The one call form rule (SPEC §1): every configuration
 * object and built-in plugin works called (UtilMeta's form) and with `new`,
 * both give the same kind of instance, and the classes stay subclassable.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, conf, plugins } from 'fw-api'
import { orm } from 'fw-api/orm'
import { call } from '../helpers/client'

const tables = {}

/** Each configuration class: how to call it, with the same arguments. */
const FORMS = [
  ['conf.Time', conf.Time, () => conf.Time({ useTz: false }), () => new conf.Time({ useTz: false })],
  ['conf.NestSettings', conf.NestSettings, () => conf.NestSettings({ options: { cors: true } }), () => new conf.NestSettings({ options: { cors: true } })],
  ['plugins.CORS', plugins.CORS, () => plugins.CORS({ allowOrigin: '*' }), () => new plugins.CORS({ allowOrigin: '*' })],
  ['plugins.RequestId', plugins.RequestId, () => plugins.RequestId(), () => new plugins.RequestId()],
  ['plugins.Logger', plugins.Logger, () => plugins.Logger({ sink: () => {} }), () => new plugins.Logger({ sink: () => {} })],
  ['orm.Database', orm.Database, () => orm.Database({ schema: tables }), () => new orm.Database({ schema: tables })],
  ['orm.DatabaseConnections', orm.DatabaseConnections, () => orm.DatabaseConnections({}), () => new orm.DatabaseConnections({})],
] as const

class Items extends api.API {
  @api.get
  list() { return this.request.time }
}

describe('called and with new', () => {
  for (const [name, cls, called, constructed] of FORMS) {
    it(`${name}(...) and new ${name}(...) give equal instances of the class`, () => {
      const a: object = called()
      const b: object = constructed()
      expect(a).toBeInstanceOf(cls)
      expect(b).toBeInstanceOf(cls)
      expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b))
      expect(a.constructor).toBe(b.constructor)
      expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    })
  }

  it('keeps the class name (stack traces, logs)', () => {
    expect(plugins.CORS.name).toBe('CORS')
    expect(conf.Time({}).constructor.name).toBe('Time')
  })

  it('a called plugin or configuration works in service.use', async () => {
    const lines: string[] = []
    const service = new Fw(import.meta.url, { api: Items })
      .use(conf.Time({ datetimeFormat: '%Y', useTz: false }))
      .use(plugins.RequestId())
      .use(plugins.CORS({ allowOrigin: '*' }))
      .use(plugins.Logger({ sink: (line) => lines.push(line) }))
    const res = await call(service, 'GET /list', { headers: { origin: 'https://a.example', 'x-request-id': 'abc' } })
    expect(res.text).toBe(`"${new Date().getUTCFullYear()}"`)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('x-request-id')).toBe('abc')
    expect(lines).toHaveLength(1)
  })
})

describe('subclassing', () => {
  it('class X extends plugins.Logger works, with instanceof both ways, and is recognised by the service', async () => {
    const lines: string[] = []
    class Tagged extends plugins.Logger {
      constructor() {
        super({ sink: (line) => lines.push(`tagged ${line}`) })
      }
    }
    const logger = new Tagged()
    expect(logger).toBeInstanceOf(Tagged)
    expect(logger).toBeInstanceOf(plugins.Logger)
    expect(logger).toBeInstanceOf(api.Plugin)
    expect(plugins.Logger({})).not.toBeInstanceOf(Tagged)
    const service = new Fw(import.meta.url, { api: Items }).use(logger)
    expect((await call(service, 'GET /list')).status).toBe(200)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^tagged \{/)
  })

  it('class X extends conf.Time overrides a method and is applied as the service time', async () => {
    class Year extends conf.Time {
      override format(date: Date): string {
        return `year ${date.getUTCFullYear()}`
      }
    }
    const service = new Fw(import.meta.url, { api: Items }).use(new Year())
    expect((await call(service, 'GET /list')).text).toBe(`"year ${new Date().getUTCFullYear()}"`)
  })

  it('statics and the constructor arguments are checked as before', () => {
    expect(() => orm.Database({ engine: 'mysql' as 'pglite', schema: tables })).toThrow(/unknown engine 'mysql'/)
    expect(() => new orm.Database({ engine: 'mysql' as 'pglite', schema: tables })).toThrow(/unknown engine 'mysql'/)
  })
})
