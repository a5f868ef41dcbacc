/**
 * HTTP exceptions. Throw one from an endpoint and fw answers with its status and
 * the message `<Name>: <text>` (in the envelope, or as RFC 9457 problem+json).
 *
 * @example
 * throw new exceptions.NotFound('article 42')   // 404 "NotFound: article 42"
 */

import { HttpError, statusClass } from './http'

export { HttpError, type ParamIssue } from './http'

// Made from the one status table (exceptions/http.ts STATUSES).
// Each is a value and a type: `catch (error) { if (error instanceof exceptions.NotFound) ... }`, `let e: exceptions.NotFound`.
/** 400 — a value failed its rule or conversion. @example throw new exceptions.BadRequest('page must be positive') */
export const BadRequest = statusClass('BadRequest')
export type BadRequest = HttpError
/** 401 @example throw new exceptions.Unauthorized('log in first') */
export const Unauthorized = statusClass('Unauthorized')
export type Unauthorized = HttpError
/** 402 @example throw new exceptions.PaymentRequired('plan expired') */
export const PaymentRequired = statusClass('PaymentRequired')
export type PaymentRequired = HttpError
/** 403 @example throw new exceptions.PermissionDenied('not your article') */
export const PermissionDenied = statusClass('PermissionDenied')
export type PermissionDenied = HttpError
/** 403 (alias of PermissionDenied under its HTTP name) @example throw new exceptions.Forbidden('not your article') */
export const Forbidden = statusClass('Forbidden')
export type Forbidden = HttpError
/** 404 @example throw new exceptions.NotFound(`no article ${id}`) */
export const NotFound = statusClass('NotFound')
export type NotFound = HttpError
/** 405 @example throw new exceptions.MethodNotAllowed('read only', { headers: { allow: 'GET' } }) */
export const MethodNotAllowed = statusClass('MethodNotAllowed')
export type MethodNotAllowed = HttpError
/** 406 @example throw new exceptions.NotAcceptable('JSON only') */
export const NotAcceptable = statusClass('NotAcceptable')
export type NotAcceptable = HttpError
/** 408 @example throw new exceptions.RequestTimeout('body too slow') */
export const RequestTimeout = statusClass('RequestTimeout')
export type RequestTimeout = HttpError
/** 409 @example throw new exceptions.Conflict('username taken') */
export const Conflict = statusClass('Conflict')
export type Conflict = HttpError
/** 410 @example throw new exceptions.Gone('v1 was removed') */
export const Gone = statusClass('Gone')
export type Gone = HttpError
/** 411 @example throw new exceptions.LengthRequired() */
export const LengthRequired = statusClass('LengthRequired')
export type LengthRequired = HttpError
/** 413 — body over `maxLength` or a service limit. @example throw new exceptions.RequestEntityTooLarge('file over 10 MB') */
export const RequestEntityTooLarge = statusClass('RequestEntityTooLarge')
export type RequestEntityTooLarge = HttpError
/** 415 — body content type the param refuses. @example throw new exceptions.UnsupportedMediaType('send JSON') */
export const UnsupportedMediaType = statusClass('UnsupportedMediaType')
export type UnsupportedMediaType = HttpError
/** 422 @example throw new exceptions.UnprocessableEntity('end before start') */
export const UnprocessableEntity = statusClass('UnprocessableEntity')
export type UnprocessableEntity = HttpError
/** 429 @example throw new exceptions.TooManyRequests('slow down', { headers: { 'retry-after': '60' } }) */
export const TooManyRequests = statusClass('TooManyRequests')
export type TooManyRequests = HttpError
/** 500 @example throw new exceptions.InternalServerError('cache unavailable') */
export const InternalServerError = statusClass('InternalServerError')
export type InternalServerError = HttpError
/** 501 @example throw new exceptions.NotImplemented('export to PDF') */
export const NotImplemented = statusClass('NotImplemented')
export type NotImplemented = HttpError
/** 502 @example throw new exceptions.BadGateway('payment provider answered 500') */
export const BadGateway = statusClass('BadGateway')
export type BadGateway = HttpError
/** 503 @example throw new exceptions.ServiceUnavailable('maintenance') */
export const ServiceUnavailable = statusClass('ServiceUnavailable')
export type ServiceUnavailable = HttpError
/** 504 @example throw new exceptions.GatewayTimeout('search backend timed out') */
export const GatewayTimeout = statusClass('GatewayTimeout')
export type GatewayTimeout = HttpError

/**
 * A mistake in how fw is set up (bad route template, second `__as__`, unsupported
 * mount target). Thrown when the service is built, never per request.
 *
 * @example
 * throw new exceptions.ImproperlyConfigured("route '{a}{b}': two params need a literal between them")
 */
export class ImproperlyConfigured extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImproperlyConfigured'
  }
}
