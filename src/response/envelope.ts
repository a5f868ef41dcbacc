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

/** How one enveloped template writes its bodies. */
export interface EnvelopeText {
  /** a result's text: `{"data":…,"msg":"","state":null,"count":null}`, `respond()`'s init filled in */
  ok(value: unknown, init: RespondInit | undefined): string
  /** a failure's text in the envelope; `undefined` when it has no key for the message or the errors */
  readonly failure: FailureText | undefined
}

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
 * The texts of an enveloped template. The keys are serialised once here, so a plain success is
 * two string concatenations around the result, and a failure is concatenated from parts
 * serialised once (response/failure.ts).
 *
 * @example
 * envelopeText(templateOf(Envelope), JSON.stringify).ok(3, undefined) // '{"data":3,"msg":""}'
 */
export function envelopeText(template: EnvelopeFields, stringify: Stringify): EnvelopeText {
  const { resultKey, messageKey, stateKey, countKey } = template
  // `{"data":` + result + `,"msg":"","state":null,"count":null}` for the common success.
  const head = `{${resultKey ? `${JSON.stringify(resultKey)}:` : ''}`
  const tailKeys = [
    messageKey && `${JSON.stringify(messageKey)}:""`,
    stateKey && `${JSON.stringify(stateKey)}:null`,
    countKey && `${JSON.stringify(countKey)}:null`,
  ].filter(Boolean)
  const okTail = `${resultKey && tailKeys.length ? ',' : ''}${tailKeys.join(',')}}`
  const wrap = (value: unknown, init: RespondInit): string => {
    const body: Record<string, unknown> = {}
    if (resultKey) body[resultKey] = value ?? null
    if (messageKey) body[messageKey] = init.message ?? ''
    if (stateKey) body[stateKey] = init.state ?? null
    if (countKey) body[countKey] = init.count ?? null
    return stringify(body)
  }
  return {
    ok: (value, init) => {
      if (init && (init.message || init.state !== undefined || init.count !== undefined))
        return wrap(value, init)
      return resultKey ? head + stringify(value ?? null) + okTail : head + okTail
    },
    failure: failsEnveloped(template)
      ? (envelopeFailure(template, stringify) ??
        ((_status, _name, message, errors) => stringify(failureObject(template, message, errors))))
      : undefined,
  }
}
