/**
 * src/orm/database.ts: `orm.DatabaseConnections` — aliases of `orm.Database`s, activated by
 * `service.use()` (the request plugin, the close, the documented errors), `databaseOf(alias)`
 * naming what is missing, the declarations' checks run once per schema module at activation (or
 * at once when already active) and only against the module holding their table, `activeDatabases`
 * (what the request path reads) following the active connections, `currentContext` (orm/context.ts)
 * outside a request. In-process: the databases are declared, never opened.
 */
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { ServiceHooks } from '../../src/api/install'
import { INSTALL } from '../../src/api/install'
import { Conflict, ImproperlyConfigured, ServiceUnavailable } from '../../src/exceptions'
import { currentContext } from '../../src/orm/context'
import { activeDatabases, Database, DatabaseConnections, databaseOf, declareCheck } from '../../src/orm/database'

const users = pgTable('users', { id: serial('id').primaryKey(), name: text('name') })
const posts = pgTable('posts', { id: serial('id').primaryKey(), title: text('title') })
const blog = { users, posts }
const shop = { orders: pgTable('orders', { id: serial('id').primaryKey() }) }

/** A database never opened (no statement runs in these tests). */
const declared = (schema: Record<string, unknown>) => new Database({ name: 'test', schema })

const opened: DatabaseConnections[] = []
const connections = (databases: Record<string, Database>) => {
  const made = new DatabaseConnections(databases)
  opened.push(made)
  return made
}
afterEach(async () => {
  for (const made of opened.splice(0)) await made.close()
})

describe('DatabaseConnections', () => {
  it('refuses an alias that is not an orm.Database, naming it', () => {
    expect(() => new DatabaseConnections({ default: {} as Database })).toThrow(ImproperlyConfigured)
    expect(() => new DatabaseConnections({ default: declared(blog), reports: 'postgres://x' as unknown as Database })).toThrow(
      "orm.DatabaseConnections: 'reports' must be an orm.Database",
    )
  })

  it('keeps its own copy of the aliases', () => {
    const given = { default: declared(blog) }
    const made = new DatabaseConnections(given)
    Object.assign(given, { other: declared(shop) })
    expect(Object.keys(made.databases)).toEqual(['default'])
  })
})

describe('databaseOf', () => {
  it('names the missing setup before any connections are active, and the aliases there are for an unknown one', () => {
    expect(() => databaseOf('default')).toThrow(/no databases configured: service.use\(orm.DatabaseConnections/)
    const main = declared(blog)
    connections({ default: main, shop: declared(shop) }).activate()
    expect(databaseOf('default')).toBe(main)
    expect(() => databaseOf('reports')).toThrow("orm: no database 'reports' in DatabaseConnections (have: default, shop)")
    expect(() => databaseOf('toString')).toThrow(/no database 'toString'/)
  })

  it('forgets the connections once they are closed; closing others leaves the active ones', async () => {
    const active = connections({ default: declared(blog) }).activate()
    await new DatabaseConnections({ default: declared(shop) }).close()
    expect(databaseOf('default')).toBe(active.databases.default)
    await active.close()
    expect(() => databaseOf('default')).toThrow(/no databases configured/)
  })
})

describe('activeDatabases', () => {
  it('holds the active connections’ databases by own alias, replaced by the next activation, emptied by their close', async () => {
    expect(activeDatabases.size).toBe(0)
    const main = declared(blog)
    const first = connections({ default: main, shop: declared(shop) }).activate()
    expect(activeDatabases.get('default')).toBe(main)
    expect(activeDatabases.get('toString')).toBeUndefined()
    const other = declared(shop)
    const second = connections({ default: other }).activate()
    expect([...activeDatabases.keys()]).toEqual(['default'])
    expect(activeDatabases.get('default')).toBe(other)
    await first.close() // not the active ones: nothing forgotten
    expect(activeDatabases.get('default')).toBe(other)
    await second.close()
    expect(activeDatabases.size).toBe(0)
  })
})

describe('declareCheck', () => {
  it('runs a declaration’s check at activation, once per schema module, on the module holding its table', () => {
    const seen: unknown[] = []
    declareCheck('default', users, (module) => void seen.push(module))
    expect(seen).toEqual([])
    connections({ default: declared(shop) }).activate() // no users table there: not this declaration's
    expect(seen).toEqual([])
    const first = connections({ default: declared(blog) })
    first.activate()
    first.activate()
    expect(seen).toEqual([blog])
    connections({ other: declared(blog) }).activate() // another alias: not the declaration's
    expect(seen).toEqual([blog])
  })

  it('runs at once when connections are already active', () => {
    connections({ default: declared(blog) }).activate()
    const seen: unknown[] = []
    declareCheck('default', posts, (module) => void seen.push(module))
    expect(seen).toEqual([blog])
  })

  it('lets a failing check fail the activation (at build, never on a request)', () => {
    const module = { users: pgTable('users', { id: serial('id').primaryKey() }) }
    declareCheck('default', module.users, () => {
      throw new ImproperlyConfigured("orm: unknown path 'nme'")
    })
    expect(() => connections({ default: declared(module) }).activate()).toThrow("unknown path 'nme'")
  })
})

describe('service.use(connections)', () => {
  it('activates them, adds the request plugin, closes them with the service and documents what the database answers', async () => {
    const plugins: unknown[] = []
    const closers: (() => unknown)[] = []
    const documented: unknown[] = []
    const hooks: ServiceHooks = {
      addPlugin: (plugin) => void plugins.push(plugin),
      onClose: (close) => void closers.push(close),
      setStringify: () => undefined,
      setNest: () => undefined,
      documentErrors: (errors) => void documented.push(...errors),
    }
    const made = connections({ default: declared(blog) })
    made[INSTALL](hooks)
    expect(databaseOf('default')).toBe(made.databases.default)
    expect(plugins).toHaveLength(1)
    expect(documented).toEqual([
      { error: ServiceUnavailable, by: 'the database (statement timeout)' },
      { error: Conflict, methods: ['POST', 'PUT', 'PATCH', 'DELETE'], by: 'the database (a unique or reference constraint)' },
    ])
    for (const close of closers) await close()
    expect(() => databaseOf('default')).toThrow(/no databases configured/)
  })
})

describe('currentContext', () => {
  it('is an empty context outside a request (a context filter then matches nothing)', () => {
    expect(currentContext()).toEqual({})
  })
})
