/** The headers a rate limit (any declared error source) puts on every answer it governs, documented. */
import type { JsonSchema } from './schema'
import type { DeclaredError } from './route-info'

/** `response` with the headers the route's declared sources put on every answer (a rate limit's). */
export function withAnswerHeaders(
  response: JsonSchema,
  errors: readonly DeclaredError[],
): JsonSchema {
  const headers: Record<string, JsonSchema> = {}
  for (const error of errors)
    for (const [name, description] of Object.entries(error.headers ?? {}))
      headers[name] = { description, schema: { type: 'string' } }
  if (!Object.keys(headers).length) return response
  const own = (response as { headers?: Record<string, JsonSchema> }).headers
  return { ...response, headers: { ...own, ...headers } }
}
