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
  /** key of the result in the envelope */
  static resultKey?: string
  /** key of the message (`""` on success, `<Name>: <text>` on failure) */
  static messageKey?: string
  /** if set, failures also list their item errors under this key */
  static errorsKey?: string
}

/** A `response.Response` subclass (the class itself). */
export type ResponseClass = typeof Response

/** The envelope keys resolved for one API class. */
export interface Envelope {
  resultKey?: string
  messageKey?: string
  errorsKey?: string
}

/** Is this value a `response.Response` subclass? */
export function isResponseClass(value: unknown): value is ResponseClass {
  return typeof value === 'function' && (value === Response || value.prototype instanceof Response)
}

/** The envelope a `static response` declares, or undefined when it sets no key. */
export function envelopeOf(cls: ResponseClass): Envelope | undefined {
  const { resultKey, messageKey, errorsKey } = cls
  return resultKey || messageKey ? { resultKey, messageKey, errorsKey } : undefined
}
