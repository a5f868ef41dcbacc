/** Subquery aliases: derived from the enclosing alias, so one statement's SQL does not depend on what ran before. */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { chainOf, resolvePath, type Ref } from '../../src/orm/paths'
import * as schema from './fixtures/conduit-tables'

const dialect = new PgDialect()
const root: Ref = (key) => sql`${sql.identifier('root')}.${sql.identifier(key)}`

/** The SQL of a correlated chain along `path`, with one more chain nested from its last table. */
function nestedChainSql(path: string, nested: string): string {
  const outer = chainOf(resolvePath(schema, schema.comments, path).links, root)
  const inner = chainOf(resolvePath(schema, schema.users, nested).links, outer.last)
  return dialect.sqlToQuery(sql`select 1 from ${outer.from} where ${outer.where} and exists (select 1 from ${inner.from} where ${inner.where})`).sql
}

describe('subquery aliases', () => {
  it('are the same for the same statement, whatever was built before', () => {
    const first = nestedChainSql('article.author', 'articles')
    for (let i = 0; i < 5; i++) nestedChainSql('author.articles', 'followers')
    expect(nestedChainSql('article.author', 'articles')).toBe(first)
  })

  it('differ from every alias of the enclosing subqueries', () => {
    const text = nestedChainSql('article.author', 'articles')
    expect(text).toContain('"fw_1"')
    expect(text).toContain('"fw_2"')
    expect(text).toContain('"fw_2_1"')
  })
})
