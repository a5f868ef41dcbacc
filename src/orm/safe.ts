import { BadRequest } from '../exceptions'

/**
 * Keys that would reach `Object.prototype` (or a constructor) through a lookup: the set itself, for
 * the request path's checks that read it with no call (orm/statements.ts).
 *
 * @example PROTOTYPE_KEYS.has('__proto__') // true
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
])

/**
 * The byte Postgres text cannot hold: a string holding it is refused (`unsafeReason`); the request
 * path's checks of a plain string read it with no call (orm/statements.ts, orm/write-plan.ts).
 *
 * @example 'a\0b'.includes(NUL) // true: refused
 */
export const NUL = '\0'

/** Is `key` a name a plain object inherits (`__proto__`, `constructor`, `toString`, ...)? */
export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key)
}

/** The reason a value cannot go to the database (a NUL byte, a prototype key), or undefined. */
export function unsafeReason(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string')
    return value.includes(NUL) ? 'a NUL byte is not allowed' : undefined
  if (typeof value !== 'object' || value === null || value instanceof Date || depth > 32)
    return undefined
  if (Array.isArray(value)) {
    for (const item of value) {
      const reason = unsafeReason(item, depth + 1)
      if (reason) return reason
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    if (isPrototypeKey(key)) return `the key '${key}' is not allowed`
    const reason = unsafeReason((value as Record<string, unknown>)[key], depth + 1)
    if (reason) return reason
  }
  return undefined
}

/**
 * Refuse, as a 400 naming the field, a row or where-object whose keys are
 * prototype names or whose values hold a NUL byte (Postgres text cannot hold
 * one) — before drizzle or the database see it.
 */
export function assertSafe(value: unknown, source: 'body' | 'query', what: string): void {
  if (typeof value !== 'object' || value === null) return
  for (const key of Object.keys(value)) {
    const reason = isPrototypeKey(key)
      ? `the key '${key}' is not allowed`
      : unsafeReason((value as Record<string, unknown>)[key])
    if (reason)
      throw new BadRequest(`${what}.${key}: ${reason}`, {
        errors: [{ in: source, name: key, path: [key], message: reason }],
      })
  }
}
