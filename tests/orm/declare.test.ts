/**
 * A relation path that does not exist is refused when the service is built
 * (its own file: the failing declaration stays registered for this module graph).
 */
import { Fw, exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { RootAPI } from '../../examples/blog/api'
import * as tables from '../../examples/blog/tables'

describe('declaration checks at service build', () => {
  it('a Filter over a missing relation or column: ImproperlyConfigured from service.use(), naming the query and field', () => {
    const database = new orm.Database({ engine: 'pglite', schema: tables })
    orm.Query(tables.articles, { x: orm.Filter('writer.username') }) // no connections active yet: checked at build
    const service = new Fw(import.meta.url, { api: RootAPI })
    const build = () => service.use(new orm.DatabaseConnections({ default: database }))
    expect(build).toThrow(exceptions.ImproperlyConfigured)
    expect(build).toThrow(/orm.Query\(articles\): Filter 'x': 'articles' has no column or relation 'writer'/)
  })
})
