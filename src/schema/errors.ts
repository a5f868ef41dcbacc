import { quiet, restore } from '../utils/stackless'

/**
 * A wire value that cannot be converted (or fails validation), with the item
 * names from the param down to the failing value. Always caught and answered
 * as a 400: made without capturing a stack (utils/stackless.ts).
 */
export class ConversionError extends Error {
  // declared (set by the constructor, no field definitions emitted before it)
  declare readonly path: (string | number)[]
  declare readonly reason: string

  constructor(reason: string, path: (string | number)[] = []) {
    const limit = quiet()
    super(reason)
    restore(limit)
    this.path = path
    this.reason = reason
  }

  /** Prefix an item name as the error travels out of a nested value. */
  within(key: string | number): ConversionError {
    this.path.unshift(key)
    return this
  }
}

/** `'x'` for strings, JSON for the rest, cut short so messages stay readable. */
export function showValue(value: unknown): string {
  let text: string
  if (typeof value === 'string' || value instanceof Date) text = `'${String(value)}'`
  else if (typeof value === 'number') text = String(value)
  else {
    try {
      text = JSON.stringify(value) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/**
 * The error of a value that cannot be read as `kind`: `invalid <kind>: <value>`, and why when told.
 *
 * @example
 * invalidValue('number', 'x').message // "invalid number: 'x'"
 */
export function invalidValue(kind: string, value: unknown, why = ''): ConversionError {
  return new ConversionError(`invalid ${kind}: ${showValue(value)}${why}`)
}

/** `parse item: ['a'] failed: parse item: [0] failed: <reason>` */
export function chainMessage(path: readonly (string | number)[], reason: string): string {
  let out = ''
  for (const key of path)
    out += `parse item: [${typeof key === 'number' ? key : `'${key}'`}] failed: `
  return out + reason
}
