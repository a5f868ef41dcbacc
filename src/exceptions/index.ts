/**
 * HTTP exceptions. Throw one from an endpoint and fw answers with its status and
 * the message `<Name>: <text>` (in the envelope, or as RFC 9457 problem+json).
 *
 * @example
 * throw new exceptions.NotFound('article 42')   // 404 "NotFound: article 42"
 */

import { statusClass } from './http'

export { HttpError, type ParamIssue } from './http'

// Made from the one status table (exceptions/http.ts STATUSES).
// Each is a class declaration (a value and a type, also in the bundled .d.ts): `catch (error) { if (error instanceof exceptions.NotFound) ... }`, `let e: exceptions.NotFound`.
// Its base marked pure: a bundle keeps only the classes it uses.
/** 400 — a value failed its rule or conversion. @example throw new exceptions.BadRequest('page must be positive') */
export class BadRequest extends /* @__PURE__ */ statusClass('BadRequest') {}
/** 401 @example throw new exceptions.Unauthorized('log in first') */
export class Unauthorized extends /* @__PURE__ */ statusClass('Unauthorized') {}
/** 402 @example throw new exceptions.PaymentRequired('plan expired') */
export class PaymentRequired extends /* @__PURE__ */ statusClass('PaymentRequired') {}
/** 403 @example throw new exceptions.PermissionDenied('not your article') */
export class PermissionDenied extends /* @__PURE__ */ statusClass('PermissionDenied') {}
/** 403 (alias of PermissionDenied under its HTTP name) @example throw new exceptions.Forbidden('not your article') */
export class Forbidden extends /* @__PURE__ */ statusClass('Forbidden') {}
/** 404 @example throw new exceptions.NotFound(`no article ${id}`) */
export class NotFound extends /* @__PURE__ */ statusClass('NotFound') {}
/** 405 @example throw new exceptions.MethodNotAllowed('read only', { headers: { allow: 'GET' } }) */
export class MethodNotAllowed extends /* @__PURE__ */ statusClass('MethodNotAllowed') {}
/** 406 @example throw new exceptions.NotAcceptable('JSON only') */
export class NotAcceptable extends /* @__PURE__ */ statusClass('NotAcceptable') {}
/** 408 @example throw new exceptions.RequestTimeout('body too slow') */
export class RequestTimeout extends /* @__PURE__ */ statusClass('RequestTimeout') {}
/** 409 @example throw new exceptions.Conflict('username taken') */
export class Conflict extends /* @__PURE__ */ statusClass('Conflict') {}
/** 410 @example throw new exceptions.Gone('v1 was removed') */
export class Gone extends /* @__PURE__ */ statusClass('Gone') {}
/** 411 @example throw new exceptions.LengthRequired() */
export class LengthRequired extends /* @__PURE__ */ statusClass('LengthRequired') {}
/** 412 — a request's precondition (`If-Match`, `If-Unmodified-Since`) failed (fw-api/plugins/conditional). @example throw new exceptions.PreconditionFailed('the article changed since you read it') */
export class PreconditionFailed extends /* @__PURE__ */ statusClass('PreconditionFailed') {}
/** 413 — body over `maxLength` or a service limit. @example throw new exceptions.RequestEntityTooLarge('file over 10 MB') */
export class RequestEntityTooLarge extends /* @__PURE__ */ statusClass('RequestEntityTooLarge') {}
/** 415 — body content type the param refuses. @example throw new exceptions.UnsupportedMediaType('send JSON') */
export class UnsupportedMediaType extends /* @__PURE__ */ statusClass('UnsupportedMediaType') {}
/** 422 @example throw new exceptions.UnprocessableEntity('end before start') */
export class UnprocessableEntity extends /* @__PURE__ */ statusClass('UnprocessableEntity') {}
/** 429 @example throw new exceptions.TooManyRequests('slow down', { headers: { 'retry-after': '60' } }) */
export class TooManyRequests extends /* @__PURE__ */ statusClass('TooManyRequests') {}
/** 500 @example throw new exceptions.InternalServerError('cache unavailable') */
export class InternalServerError extends /* @__PURE__ */ statusClass('InternalServerError') {}
/** 501 @example throw new exceptions.NotImplemented('export to PDF') */
export class NotImplemented extends /* @__PURE__ */ statusClass('NotImplemented') {}
/** 502 @example throw new exceptions.BadGateway('payment provider answered 500') */
export class BadGateway extends /* @__PURE__ */ statusClass('BadGateway') {}
/** 503 @example throw new exceptions.ServiceUnavailable('maintenance') */
export class ServiceUnavailable extends /* @__PURE__ */ statusClass('ServiceUnavailable') {}
/** 504 @example throw new exceptions.GatewayTimeout('search backend timed out') */
export class GatewayTimeout extends /* @__PURE__ */ statusClass('GatewayTimeout') {}

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
