/** src/auth/user-id.ts: a user id as its primary key column holds it, or undefined when it cannot be one. */
import { bigint, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { idConverter } from '../../src/auth/user-id'

const users = pgTable('users', { serialId: serial('serial_id').primaryKey(), bigId: bigint('big_id', { mode: 'bigint' }), name: text('name') })

describe('idConverter', () => {
  it('reads a number column’s id from a safe integer or its decimal text', () => {
    const toId = idConverter(users.serialId)
    expect(toId(7)).toBe(7)
    expect(toId('-12')).toBe(-12)
    for (const bad of [1.5, 2 ** 53, '1e3', '0x10', ' 1', '1234567890123456', '', null, {}]) expect(toId(bad), String(bad)).toBeUndefined()
  })

  it('reads a bigint column’s id from a bigint or up to 19 digits', () => {
    const toId = idConverter(users.bigId)
    expect(toId(5n)).toBe(5n)
    expect(toId('9223372036854775807')).toBe(9223372036854775807n)
    for (const bad of ['12345678901234567890', '1.0', 5, '']) expect(toId(bad), String(bad)).toBeUndefined()
  })

  it('reads a text column’s id from a string of at most 512 characters, or a number as text', () => {
    const toId = idConverter(users.name)
    expect(toId('user-1')).toBe('user-1')
    expect(toId(42)).toBe('42')
    expect(toId('x'.repeat(512))).toHaveLength(512)
    expect(toId('x'.repeat(513))).toBeUndefined()
    expect(toId(true)).toBeUndefined()
  })
})
