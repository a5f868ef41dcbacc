/**
 * The JSON envelope of a template with keys (`class Envelope extends response.Response { static
 * resultKey = 'data' }`): its success text and its failure text, serialised once per template.
 * Reached only through the `response.Response` class (its `'~fwEnvelope'` static,
 * response/response.ts), so a service that declares no envelope bundles none of it (SPEC §5.2).
 */
import type { RespondInit } from '../request/context'
import {
  envelopeFailure,
  failureObject,
  type EnvelopeFields,
  type FailureText,
  type Stringify,
} from './failure'

/**
 * Whether failures render in the template's envelope: it has a key for the message or the errors.
 * An envelope with neither cannot say what failed (a result of nulls would read as data): its
 * failures are problem+json, as without an envelope.
 *
 * @example
 * failsEnveloped(templateOf(Envelope)) // true when Envelope declares messageKey or errorsKey
 */
export function failsEnveloped(
  template: Pick<EnvelopeFields, 'enveloped' | 'messageKey' | 'errorsKey'>,
): boolean {
  return template.enveloped && Boolean(template.messageKey || template.errorsKey)
}

/**
 * How one enveloped template writes its bodies: its keys serialised once here, so a plain success
 * is two string concatenations around the result, and a failure is concatenated from parts
 * serialised once (response/failure.ts). Request-time steps are methods ("go to definition" from
 * the renderer lands here), none a closure made at build.
 *
 * @example
 * new EnvelopeText(templateOf(Envelope), JSON.stringify).ok(3, undefined) // '{"data":3,"msg":""}'
 */
export class EnvelopeText {
  /** a failure's text in the envelope; `undefined` when it has no key for the message or the errors */
  readonly failure: FailureText | undefined
  readonly #template: EnvelopeFields
  readonly #stringify: Stringify
  /** `{"data":` */
  readonly #head: string
  /** `,"msg":"","state":null,"count":null}` */
  readonly #okTail: string

  constructor(template: EnvelopeFields, stringify: Stringify) {
    const { resultKey, messageKey, stateKey, countKey } = template
    this.#template = template
    this.#stringify = stringify
    this.#head = `{${resultKey ? `${JSON.stringify(resultKey)}:` : ''}`
    const tailKeys = [
      messageKey && `${JSON.stringify(messageKey)}:""`,
      stateKey && `${JSON.stringify(stateKey)}:null`,
      countKey && `${JSON.stringify(countKey)}:null`,
    ].filter(Boolean)
    this.#okTail = `${resultKey && tailKeys.length ? ',' : ''}${tailKeys.join(',')}}`
    this.failure = failsEnveloped(template)
      ? (envelopeFailure(template, stringify) ??
        ((_status, _name, message, errors) => stringify(failureObject(template, message, errors))))
      : undefined
  }

  /** A result's text: `{"data":…,"msg":"","state":null,"count":null}`, `respond()`'s init filled in. */
  ok(value: unknown, init: RespondInit | undefined): string {
    if (init && (init.message || init.state !== undefined || init.count !== undefined))
      return this.#wrap(value, init)
    return this.#template.resultKey
      ? this.#head + this.#stringify(value ?? null) + this.#okTail
      : this.#head + this.#okTail
  }

  /** A result with `respond()`'s message, state or count: the object serialised. */
  #wrap(value: unknown, init: RespondInit): string {
    const { resultKey, messageKey, stateKey, countKey } = this.#template
    const body: Record<string, unknown> = {}
    if (resultKey) body[resultKey] = value ?? null
    if (messageKey) body[messageKey] = init.message ?? ''
    if (stateKey) body[stateKey] = init.state ?? null
    if (countKey) body[countKey] = init.count ?? null
    return this.#stringify(body)
  }
}

/**
 * The texts of an enveloped template (the `'~fwEnvelope'` static of `response.Response`).
 *
 * @example
 * envelopeText(templateOf(Envelope), JSON.stringify).ok(3, undefined) // '{"data":3,"msg":""}'
 */
export function envelopeText(template: EnvelopeFields, stringify: Stringify): EnvelopeText {
  return new EnvelopeText(template, stringify)
}
