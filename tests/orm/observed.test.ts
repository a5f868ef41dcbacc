/**
 * src/orm/observed.ts: a database client observed for telemetry — each statement run through
 * `unsafe` / `query` reported with its end (or error), transactions' inner clients observed too,
 * everything else the client's own; a failing observer never fails a statement.
 */
import { describe, expect, it } from 'vitest'
import { observedClient } from '../../src/orm/observed'
import type { Telemetry } from '../../src/request/telemetry'

/** An observer that records statements and how they ended. */
function observer(failing = false) {
  const seen: string[] = []
  const telemetry = {
    statement: (sql: string, system: string) => {
      if (failing) throw new Error('exporter down')
      seen.push(`start ${system}: ${sql}`)
      return (error?: unknown) => void seen.push(error ? `failed: ${(error as Error).message}` : 'ended')
    },
  } as unknown as Telemetry
  return { telemetry, seen }
}

/** A client shaped like postgres.js / PGlite. */
const client = {
  name: 'db',
  query: async (sql: string) => (sql.includes('bad') ? Promise.reject(new Error('syntax error')) : [{ n: 1 }]),
  unsafe: (sql: string) => `ran ${sql}`,
  describe() {
    return this.name
  },
  transaction: async (run: (inner: object) => Promise<unknown>) => run({ query: async (sql: string) => `inner ${sql}` }),
}

describe('observedClient', () => {
  it('reports each statement and its end, answering as the client does', async () => {
    const { telemetry, seen } = observer()
    const observed = observedClient(client, telemetry, 'postgresql')
    expect(await observed.query('select 1')).toEqual([{ n: 1 }])
    expect(observed.unsafe('select 2')).toBe('ran select 2')
    await expect(observed.query('bad sql')).rejects.toThrow('syntax error')
    await Promise.resolve()
    expect(seen).toEqual(['start postgresql: select 1', 'ended', 'start postgresql: select 2', 'ended', 'start postgresql: bad sql', 'failed: syntax error'])
  })

  it('observes the inner client of a transaction', async () => {
    const { telemetry, seen } = observer()
    const observed = observedClient(client, telemetry, 'postgresql')
    expect(await observed.transaction(async (inner) => (inner as { query(sql: string): Promise<string> }).query('update x'))).toBe('inner update x')
    expect(seen).toEqual(['start postgresql: update x', 'ended'])
  })

  it('leaves everything else to the client, bound to it', () => {
    const observed = observedClient(client, observer().telemetry, 'postgresql')
    expect(observed.name).toBe('db')
    const describe = observed.describe
    expect(describe()).toBe('db')
  })

  it('runs the statement when the observer fails', async () => {
    const observed = observedClient(client, observer(true).telemetry, 'postgresql')
    expect(await observed.query('select 1')).toEqual([{ n: 1 }])
  })
})
