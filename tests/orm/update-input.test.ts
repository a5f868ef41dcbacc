/**
 * Django's `auto_now` for parsed update input: a column with drizzle's
 * `$onUpdate` is filled when an update input (`Schema.input('w')`) is parsed,
 * as UtilMeta fills `updated_at` when it parses the input; a value the client
 * sends is kept, and create input leaves it to the database default.
 */
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import * as tables from './fixtures/conduit-tables'

const UserSchema = orm.Schema(tables.users, { id: true, username: true, bio: true, updatedAt: true })

describe('$onUpdate columns in parsed update input', () => {
  it('are stamped with the time of parsing when absent', () => {
    const before = Date.now()
    const parsed = v.parse(UserSchema.input('w'), { bio: 'new bio' }) as { bio?: string; updatedAt?: Date }
    expect(parsed.bio).toBe('new bio')
    expect(parsed.updatedAt).toBeInstanceOf(Date)
    expect(parsed.updatedAt?.getTime()).toBeGreaterThanOrEqual(before)
    expect(parsed.updatedAt?.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it('keep a value that is given, and are not stamped in create input', () => {
    const given = new Date('2024-01-02T03:04:05Z')
    expect((v.parse(UserSchema.input('w'), { updatedAt: given }) as { updatedAt?: Date }).updatedAt).toEqual(given)
    expect(v.parse(UserSchema.input('a'), { username: 'alice' })).not.toHaveProperty('updatedAt')
  })
})
