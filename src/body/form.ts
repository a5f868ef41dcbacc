/**
 * The object a form body becomes: null-prototype, key → value, an array only
 * when a key repeats. `__proto__` keys are dropped outright: no form field has
 * a legitimate use for that name, and dropping it keeps later copies safe.
 */
import { BadRequest } from '../exceptions/index'
import { addRepeated } from '../request/query'

/** One form value: text, or an uploaded file. */
export type FormEntry = string | File
/** A parsed urlencoded or multipart body (null prototype). */
export type FormObject = Record<string, FormEntry | FormEntry[]>

/** A fresh, empty null-prototype form object. */
export function createForm(): FormObject {
  return Object.create(null) as FormObject
}

/**
 * Add one field, turning a repeated key into an array.
 *
 * @example
 * const form = createForm(); addField(form, 'a', '1'); addField(form, 'a', '2') // form.a → ['1', '2']
 */
export function addField(form: FormObject, key: string, value: FormEntry): void {
  addRepeated(form, key, value)
}

/** The 400 for a form with more than `limit` fields or parts. */
export function tooManyFields(limit: number): Error {
  return new BadRequest(`too many form fields (limit ${limit})`)
}

/**
 * Parse an `application/x-www-form-urlencoded` body; `undefined` when empty.
 * The body is already bounded by `limits.formBytes`, so building the
 * URLSearchParams first is cheap; the field count is checked while copying.
 */
export function parseUrlencoded(text: string, maxFields: number): FormObject | undefined {
  if (text.length === 0) return undefined
  const form = createForm()
  let count = 0
  for (const [key, value] of new URLSearchParams(text)) {
    if (++count > maxFields) throw tooManyFields(maxFields)
    addField(form, key, value)
  }
  return form
}
