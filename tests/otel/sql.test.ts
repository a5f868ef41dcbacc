/** src/otel/sql.ts: a statement summarised for spans — its operation and first table, never its values. */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../helpers/time'
import { summarize } from '../../src/otel/sql'

describe('summarize', () => {
  it('names the operation and the table of each kind of statement', () => {
    expect(summarize('select "id", "title" from "articles" where "id" = $1')).toEqual({ operation: 'SELECT', table: 'articles', summary: 'SELECT articles' })
    expect(summarize('INSERT INTO users (email) VALUES ($1)').summary).toBe('INSERT users')
    expect(summarize('  update "public"."users" set "name" = $1').summary).toBe('UPDATE public.users')
    expect(summarize('delete from sessions where id = $1').summary).toBe('DELETE sessions')
  })

  it('gives the operation alone when no table is found, QUERY when there is no operation', () => {
    expect(summarize('BEGIN')).toEqual({ operation: 'BEGIN', table: undefined, summary: 'BEGIN' })
    expect(summarize('select 1')).toEqual({ operation: 'SELECT', table: undefined, summary: 'SELECT' })
    expect(summarize('')).toEqual({ operation: 'QUERY', table: undefined, summary: 'QUERY' })
    expect(summarize('(select 1)').operation).toBe('QUERY')
  })

  it('reads only the head of a huge statement, in bounded time, and never a value', () => {
    const huge = `select * from t where a in (${'$1,'.repeat(200_000)}$2)`
    const { ms } = cpuTimeSync(() => {
      expect(summarize(huge).summary).toBe('SELECT t')
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(1000)
    expect(summarize(`select * from ${'x'.repeat(600)}`).table?.length).toBeLessThanOrEqual(128)
    expect(JSON.stringify(summarize("select * from users where email = 'a@b.c'"))).not.toContain('a@b.c')
  })
})
