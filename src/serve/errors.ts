/**
 * fw's own 500 for an error that escaped the handler on the server fw runs.
 */
import { problem } from '../exceptions/http'

/** The body of the hidden 500: no stack, path or source. */
export const HIDDEN_500 = JSON.stringify(problem(500, 'InternalServerError', 'InternalServerError'))

/** The 500 body for `error`: its text only with `debug`. */
export function internalErrorBody(error: unknown, debug: boolean): string {
  return debug && error instanceof Error
    ? JSON.stringify(problem(500, 'InternalServerError', `${error.name}: ${error.message}`))
    : HIDDEN_500
}

/** fw's own 500 for an error that escaped the handler (logged with `debug`). */
export function failure(debug: boolean): (error: unknown) => Response {
  return (error) => {
    if (debug) console.error(error)
    return new Response(internalErrorBody(error, debug), {
      status: 500,
      headers: { 'content-type': 'application/problem+json' },
    })
  }
}
