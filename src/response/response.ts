import type { StandardSchemaV1 } from '../schema/adapter'
import { resolveAdapter } from '../schema/resolve'
import { isThenable } from '../utils/thenable'
import { envelopeText } from './envelope'
import { isFunction } from '../utils/is'

/**
 * A response template: the JSON envelope of an API class, an endpoint or an
 * after hook. Subclass it and set the keys, then assign it to `static response`
 * or pass it to `@api.response(...)`. Without keys the result is sent bare.
 *
 * @example
 * class WrapResponse extends response.Response {
 *   static resultKey = 'data'
 *   static messageKey = 'msg'
 *   static stateKey = 'state'
 *   static countKey = 'count'
 * }
 * // → {"data": <result>, "msg": "", "state": null, "count": null}
 */
export class Response {
  // The keys are deliberately not declared here: subclasses write
  // `static resultKey = 'data'` exactly as the README shows, which
  // `noImplicitOverride` would reject if the base declared them.
  /**
   * @internal How a template of this class writes its envelope (response/envelope.ts), and the
   * mark `isResponseClass` reads: the envelope code comes into a bundle with this class, only
   * when a service declares a template (a string key: a class with a computed one is never dropped).
   */
  static readonly '~fwEnvelope': typeof envelopeText = envelopeText
  /**
   * @internal The template of this class (`templateOf`), read by `declaredTemplate` through the
   * class: like the envelope's code, it comes into a bundle only with a declared template.
   */
  static readonly '~fwTemplate': (cls: ResponseClass) => Template = templateOf
  /** @internal `debug`'s check of results by the template's `result` schema (`resultCheck`), with the class too. */
  static readonly '~fwResultCheck': (template: Template) => ResultCheck | undefined = resultCheck
}

/**
 * The static members a `response.Response` subclass may set.
 *
 * @example
 * class Envelope extends response.Response { static resultKey = 'data'; static messageKey = 'msg' }
 */
export interface EnvelopeKeys {
  /** key of the result in the envelope */
  resultKey?: string
  /** key of the message (`""` on success, `<Name>: <text>` on failure) */
  messageKey?: string
  /** key of a business state code (`respond(v, { state })`) */
  stateKey?: string
  /** key of a total count, e.g. for pagination (`respond(v, { count })`) */
  countKey?: string
  /** if set, failures also list every failing item under this key (`[{ in, name, path, message }]`) */
  errorsKey?: string
  /** status of a result (default 200) */
  status?: number
  /** the result's schema (valibot, zod, arktype, any Standard Schema): read by the OpenAPI document (its output side), validated in `debug` mode */
  result?: StandardSchemaV1
}

/**
 * A `response.Response` subclass (the class itself).
 *
 * @example
 * const templates: response.ResponseClass[] = [Envelope]
 */
export type ResponseClass = typeof Response & EnvelopeKeys

/** A resolved template: its class (for docs) and its keys; no keys = bare results. */
export interface Template extends EnvelopeKeys {
  cls?: ResponseClass
  /** true when any key wraps the result in an object */
  enveloped: boolean
}

/** The bare template: results sent as they are. */
export const BARE: Template = Object.freeze({ enveloped: false })

/**
 * Is this value a `response.Response` subclass?
 *
 * @example
 * response.isResponseClass(Envelope) // true for a subclass of response.Response
 */
export function isResponseClass(value: unknown): value is ResponseClass {
  // the mark, not `instanceof Response`: the core keeps no reference to the class (see above)
  return isFunction(value) && '~fwEnvelope' in value
}

/**
 * The template a declaration names (`static response`, `@api.response(...)`):
 * a `response.Response` subclass gives its template, `null` the bare one,
 * anything else `undefined`.
 *
 * @example
 * declaredTemplate(Envelope)?.enveloped // true
 * declaredTemplate(null) === BARE       // true
 */
export function declaredTemplate(value: unknown): Template | undefined {
  if (value === null) return BARE
  return isResponseClass(value) ? value['~fwTemplate'](value) : undefined
}

/** The template a `response.Response` subclass declares. */
export function templateOf(cls: ResponseClass): Template {
  const { resultKey, messageKey, stateKey, countKey, errorsKey, status, result } = cls
  return {
    cls,
    resultKey,
    messageKey,
    stateKey,
    countKey,
    errorsKey,
    status,
    result,
    enveloped: Boolean(resultKey || messageKey || stateKey || countKey),
  }
}

/** What is wrong with a result for its template's `result` schema; `undefined` when it fits. */
export type ResultCheck = (value: unknown) => string | undefined

/**
 * `debug`'s check of a template's results by its `result` schema (any library), compiled once;
 * `undefined` without one. An async schema is not awaited: a result is sent as soon as it is ready.
 *
 * @example
 * resultCheck(templateOf(Counted))?.({ count: 'x' }) // "result does not match its template's result schema: …"
 */
export function resultCheck(template: Template): ResultCheck | undefined {
  const schema = template.result
  const check = schema && resolveAdapter(schema)?.check(schema)
  if (!check) return undefined
  return (value) => {
    const checked = check(value)
    return isThenable(checked) || checked.ok
      ? undefined
      : `result does not match its template's result schema: ${checked.issues[0]?.message ?? 'invalid'}`
  }
}
