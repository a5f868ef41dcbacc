/**
 * src/testing/scalars.ts: the scalar values a schema allows, as fast-check arbitraries — every
 * sample within the schema's bounds and safe where it travels (a path, a header, a cookie).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GenerateContext } from '../../src/testing/context'
import { concreteType, fileOf, numberOf, textOf } from '../../src/testing/scalars'

const on = (wire: GenerateContext['wire']): GenerateContext => ({ wire, resolve: () => undefined })
const samples = <T>(arbitrary: fc.Arbitrary<T>): T[] => fc.sample(arbitrary, { numRuns: 200, seed: 55 })

describe('textOf', () => {
  it('stays within minLength and maxLength, counted in characters (code points) as JSON Schema counts', () => {
    for (const text of samples(textOf({ minLength: 2, maxLength: 5 }, on('json')))) {
      expect([...text].length).toBeGreaterThanOrEqual(2)
      expect([...text].length).toBeLessThanOrEqual(5)
    }
  })

  it('keeps path values non-empty and URL-safe, header values visible ASCII, cookies safe', () => {
    for (const text of samples(textOf({}, on('path')))) expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    for (const text of samples(textOf({}, on('header')))) expect(text).toMatch(/^[\x21-\x7e]*$/)
    for (const text of samples(textOf({}, on('cookie')))) expect(text).toMatch(/^[A-Za-z0-9_-]*$/)
  })

  it('matches a pattern', () => {
    for (const text of samples(textOf({ pattern: '^[a-c]{3}$' }, on('query')))) expect(text).toMatch(/^[a-c]{3}$/)
  })
})

describe('numberOf', () => {
  it('keeps integers within inclusive and exclusive bounds', () => {
    for (const value of samples(numberOf({ minimum: 1, exclusiveMaximum: 10 }, true))) {
      expect(Number.isInteger(value)).toBe(true)
      expect(value).toBeGreaterThanOrEqual(1)
      expect(value).toBeLessThan(10)
    }
  })

  it('gives finite numbers, never -0, whole and decimal ones within bounds', () => {
    const values = samples(numberOf({ exclusiveMinimum: 0, maximum: 2 }, false))
    for (const value of values) {
      expect(Number.isFinite(value)).toBe(true)
      expect(Object.is(value, -0)).toBe(false)
      expect(value).toBeGreaterThan(0)
      expect(value).toBeLessThanOrEqual(2)
    }
    expect(values.some((value) => !Number.isInteger(value))).toBe(true)
  })

  it('gives only decimals when no whole number fits between the bounds (no fast-check error)', () => {
    for (const value of samples(numberOf({ minimum: 0.1, maximum: 0.9 }, false))) {
      expect(value).toBeGreaterThanOrEqual(0.1)
      expect(value).toBeLessThanOrEqual(0.9)
    }
  })
})

describe('concreteType / fileOf', () => {
  it('makes a media range a concrete type', () => {
    expect(concreteType('*/*')).toBe('application/octet-stream')
    expect(concreteType('')).toBe('application/octet-stream')
    expect(concreteType('image/*')).toBe('image/png')
    expect(concreteType('audio/*')).toBe('audio/x-fw-contract')
    expect(concreteType('application/pdf')).toBe('application/pdf')
  })

  it('makes small non-empty files of that type', () => {
    for (const upload of samples(fileOf('image/*'))) {
      expect(upload.type).toBe('image/png')
      expect(upload.size).toBeGreaterThan(0)
      expect(upload.size).toBeLessThanOrEqual(48)
    }
  })
})
