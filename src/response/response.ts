/**
 * Describes the JSON envelope of an API class. Subclass it and set the keys,
 * then assign the subclass to the API's `static response`.
 *
 * @example
 * class ArticleAPI extends api.API {
 *   static response = class extends response.Response {
 *     static resultKey = 'data'
 *     static messageKey = 'msg'
 *   }
 * }
 * // → {"data": <result>, "msg": ""}
 */
export class Response {
  // The keys (`resultKey`, `messageKey`, `errorsKey`) are deliberately not declared
  // here: subclasses write `static resultKey = 'data'` exactly as SPEC §2 shows,
  // which `noImplicitOverride` would reject if the base declared them.
}

/** The static keys a `response.Response` subclass may set. */
export interface EnvelopeKeys {
  /** key of the result in the envelope */
  resultKey?: string
  /** key of the message (`""` on success, `<Name>: <text>` on failure) */
  messageKey?: string
  /** if set, failures also list their item errors under this key */
  errorsKey?: string
}

/** A `response.Response` subclass (the class itself). */
export type ResponseClass = typeof Response & EnvelopeKeys

/** The envelope keys resolved for one API class. */
export type Envelope = EnvelopeKeys

/** Is this value a `response.Response` subclass? */
export function isResponseClass(value: unknown): value is ResponseClass {
  return typeof value === 'function' && (value === Response || value.prototype instanceof Response)
}

/** The envelope a `static response` declares, or undefined when it sets no key. */
export function envelopeOf(cls: ResponseClass): Envelope | undefined {
  const { resultKey, messageKey, errorsKey } = cls
  return resultKey || messageKey ? { resultKey, messageKey, errorsKey } : undefined
}
