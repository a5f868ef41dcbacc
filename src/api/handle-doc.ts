import { throwImproperlyConfigured } from '../exceptions/configured'
import type { OperationDoc } from './doc'
import { isObject } from '../utils/is'

/**
 * What an `@api.handle` hook answers, for the OpenAPI document (its last
 * argument): the error statuses it sends, the schema of the value it returns
 * (rendered like an endpoint result: bare, or in the hook's template's
 * envelope) and, when it returns its own `Response`, that content type.
 * Every route the hook covers documents those statuses in that form instead
 * of fw's default (problem+json or the error envelope) — FastAPI's
 * `responses={422: {"model": Errors}}` on a router.
 *
 * @example
 * @api.handle('*', { status: [404, 422], result: v.object({ errors: v.array(v.string()) }) })
 * onError(error: exceptions.HttpError) { return this.respond({ errors: [error.message] }, { status: 422 }) }
 */
export interface HandleDoc {
  /** the error statuses (400–599) the hook answers with */
  status: number | readonly number[]
  /** the schema of what the hook returns (inside the template's envelope when it has one) */
  result?: OperationDoc['result']
  /** set when the hook returns its own `Response`: the content type it sends (its body is `result`, no envelope); default: the result rendered by the hook's template as JSON */
  contentType?: string
}

/** A `HandleDoc` as the document reads it: statuses as a list. */
export interface HandleAnswers {
  status: readonly number[]
  result?: OperationDoc['result']
  /** given: the hook sends its own `Response` of this type; absent: a result rendered by its template (JSON) */
  contentType?: string
}

const ERROR_STATUS = (status: unknown): boolean =>
  typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/

/** Is this argument of `@api.handle(...)` its options object (not a target or an error class)? */
export function isHandleDoc(value: unknown): value is HandleDoc {
  return isObject(value) && !Array.isArray(value)
}

/**
 * A hook's `HandleDoc`, checked once at decoration (a wrong one is
 * `ImproperlyConfigured`, naming what to give).
 *
 * @example
 * handleAnswers({ status: 422, result: Errors }) // { status: [422], result: Errors }
 */
export function handleAnswers(options: HandleDoc): HandleAnswers {
  const where = '@api.handle(…, { status, result, contentType })'
  const statuses: readonly unknown[] = Array.isArray(options.status)
    ? options.status
    : [options.status]
  if (!statuses.length || !statuses.every(ERROR_STATUS))
    throwImproperlyConfigured(
      `${where}: status is the error status (400–599) or the list of them the hook answers with (got ${JSON.stringify(options.status)})`,
    )
  if (options.result !== undefined && !isObject(options.result))
    throwImproperlyConfigured(`${where}: result is the schema of what the hook returns`)
  const { contentType } = options
  if (
    contentType !== undefined &&
    (typeof contentType !== 'string' || !MEDIA_TYPE.test(contentType))
  )
    throwImproperlyConfigured(
      `${where}: contentType is a media type such as 'application/problem+json' (got ${String(contentType)})`,
    )
  return {
    status: [...new Set(statuses as number[])],
    ...(options.result === undefined ? {} : { result: options.result }),
    ...(contentType === undefined ? {} : { contentType }),
  }
}
