/**
 * "A repeated key becomes an array": the one rule query strings, form bodies
 * and multipart bodies share. The target is a null-prototype object, and a
 * `__proto__` key is dropped outright (no query or form field has a legitimate
 * use for that name, and dropping it keeps later copies into plain objects safe).
 */

/**
 * Add `value` under `key`: the value itself the first time, an array from the
 * second time on.
 *
 * @example
 * const out: Record<string, string | string[]> = Object.create(null)
 * addRepeated(out, 'a', '1'); addRepeated(out, 'a', '2') // out.a → ['1', '2']
 */
export function addRepeated<T>(out: Record<string, T | T[]>, key: string, value: T): void {
  if (key === '__proto__') return
  const existing = out[key]
  if (existing === undefined) out[key] = value
  else if (Array.isArray(existing)) existing.push(value)
  else out[key] = [existing, value]
}
