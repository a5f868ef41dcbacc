/**
 * The JSON text of a failure answer (a 4xx/5xx), written by concatenating
 * parts serialised once per template instead of building an object and
 * serialising it per answer. Byte for byte what
 * `stringify(object)` gives, as the success path's `head + result + tail`:
 * the keys in the same order, each value serialised by the same `stringify`.
 */
import { statusTitle, type ParamIssue } from '../exceptions/http'

/**
 * The keys of an enveloped template as its texts read them (response/response.ts `Template`
 * has them; declared here so this module and envelope.ts import nothing from the class's module).
 */
export interface EnvelopeFields {
  readonly resultKey?: string | undefined
  readonly messageKey?: string | undefined
  readonly stateKey?: string | undefined
  readonly countKey?: string | undefined
  readonly errorsKey?: string | undefined
  readonly enveloped: boolean
}

/** Failures listed per answer. */
export const MAX_LISTED_ERRORS = 100

/** Serialises values to JSON text (dates formatted per `conf.Time`). */
export type Stringify = (value: unknown) => string

/** The body text of a failure: its message and the failing items. */
export type FailureText = (
  status: number,
  name: string,
  message: string,
  errors: readonly ParamIssue[],
) => string

/** An array index key (`"0"`, `"12"`): an object lists those first, whatever the order they were set in. */
const INDEX = /^(?:0|[1-9]\d*)$/

/**
 * Can the envelope's keys be written in the order they are set? (distinct,
 * none an array index, none `__proto__`, which an object assignment would not keep)
 */
function plainKeys(keys: readonly string[]): boolean {
  return (
    new Set(keys).size === keys.length &&
    keys.every((key) => key !== '__proto__' && !INDEX.test(key))
  )
}

/**
 * The failure text of an enveloped template: `{"data":null,"msg":"<Name>: …"}`
 * plus `"state":null`, `"count":null` and the `errorsKey` list as the template
 * declares them; undefined when its keys cannot be written in order (the
 * caller then builds the object).
 */
export function envelopeFailure(
  template: EnvelopeFields,
  stringify: Stringify,
): FailureText | undefined {
  const { resultKey, messageKey, stateKey, countKey, errorsKey } = template
  const fields: [string | undefined, 'null' | 'message' | 'errors'][] = [
    [resultKey, 'null'],
    [messageKey, 'message'],
    [stateKey, 'null'],
    [countKey, 'null'],
    [errorsKey, 'errors'],
  ]
  const present = fields.filter((field): field is [string, 'null' | 'message' | 'errors'] =>
    Boolean(field[0]),
  )
  if (!plainKeys(present.map(([key]) => key))) return undefined
  // body = texts[0] + message + texts[1] + errors + texts[2] (the message and the errors when declared)
  const texts = ['{', '', '']
  let textIndex = 0
  present.forEach(([key, kind], index) => {
    texts[textIndex] += `${index ? ',' : ''}${JSON.stringify(key)}:${kind === 'null' ? 'null' : ''}`
    if (kind === 'message') textIndex = 1
    if (kind === 'errors') textIndex = 2
  })
  texts[textIndex] += '}'
  const [head = '', middle = '', tail = ''] = texts
  return (_status, _name, message, errors) => {
    const listed = errorsKey
      ? stringify(errors.length > MAX_LISTED_ERRORS ? errors.slice(0, MAX_LISTED_ERRORS) : errors)
      : ''
    return `${head}${messageKey ? stringify(message) : ''}${middle}${listed}${tail}`
  }
}

/** The RFC 9457 problem text, `{"type":"about:blank","title":…,"status":…,"detail":…,"errors":[…]}` (`problem()`'s keys in order). */
export function problemFailure(stringify: Stringify): FailureText {
  // the text up to the detail, per status of the table (bounded: the table's statuses)
  const heads = new Map<number, string>()
  const headOf = (status: number, title: string): string =>
    `{"type":"about:blank","title":${stringify(title)},"status":${stringify(status)},"detail":`
  return (status, name, detail, errors) => {
    const title = statusTitle(status)
    let head = title === undefined ? undefined : heads.get(status)
    if (head === undefined) {
      head = headOf(status, title ?? name)
      if (title !== undefined) heads.set(status, head)
    }
    const listed = errors.length
      ? `,"errors":${stringify(errors.length > MAX_LISTED_ERRORS ? errors.slice(0, MAX_LISTED_ERRORS) : errors)}`
      : ''
    return `${head}${stringify(detail)}${listed}}`
  }
}

/**
 * The object form (the reference the texts above must equal; a template whose
 * keys cannot be written in order uses it).
 */
export function failureObject(
  template: EnvelopeFields,
  message: string,
  errors: readonly ParamIssue[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  const { resultKey, messageKey, stateKey, countKey, errorsKey } = template
  if (resultKey) body[resultKey] = null
  if (messageKey) body[messageKey] = message
  if (stateKey) body[stateKey] = null
  if (countKey) body[countKey] = null
  if (errorsKey) body[errorsKey] = errors.slice(0, MAX_LISTED_ERRORS)
  return body
}
