/** src/schema/issues.ts: a valibot issue as fw lists it — its reason and its item path. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { issueKeys, reasonOf } from '../../src/schema/issues'

/** The issues valibot reports for `value` under `schema`. */
function issuesOf(schema: v.GenericSchema, value: unknown): v.BaseIssue<unknown>[] {
  const result = v.safeParse(schema, value, { abortEarly: false })
  return result.success ? [] : result.issues
}

describe('reasonOf', () => {
  it('says "required item missing" for a missing value, valibot’s message otherwise', () => {
    const schema = v.object({ name: v.string(), age: v.number() })
    const [missing, wrong] = issuesOf(schema, { age: 'old' })
    expect(missing && reasonOf(missing)).toBe('required item missing')
    expect(wrong && reasonOf(wrong)).toBe(wrong?.message)
    expect(wrong?.message).toMatch(/Invalid type: Expected number/)
  })

  it('keeps a validation (not schema) issue’s message even when the input is undefined-like', () => {
    const [issue] = issuesOf(v.pipe(v.string(), v.minLength(3, 'too short')), 'ab')
    expect(issue && reasonOf(issue)).toBe('too short')
  })
})

describe('issueKeys', () => {
  it('lists the keys from the top down, after a prefix when given', () => {
    const [issue] = issuesOf(v.object({ tags: v.array(v.string()) }), { tags: ['a', 2] })
    expect(issue && issueKeys(issue)).toEqual(['tags', 1])
    expect(issue && issueKeys(issue, 'body')).toEqual(['body', 'tags', 1])
  })

  it('is empty at the top (no path)', () => {
    const [issue] = issuesOf(v.string(), 1)
    expect(issue && issueKeys(issue)).toEqual([])
  })
})
