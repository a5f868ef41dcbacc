/** The headers a plugin (a rate limit) puts on every answer of the routes it covers, documented. */
import type { PluginAnswer } from '../api/plugin'
import type { JsonSchema } from './schema'

/** `response` with the headers the route's plugins put on every answer (`everyAnswerHeaders`: a rate limit's). */
export function withAnswerHeaders(
  response: JsonSchema,
  answers: readonly PluginAnswer[],
): JsonSchema {
  const headers: Record<string, JsonSchema> = {}
  for (const answer of answers)
    for (const [name, description] of Object.entries(answer.everyAnswerHeaders ?? {}))
      headers[name] = { description, schema: { type: 'string' } }
  if (!Object.keys(headers).length) return response
  const own = (response as { headers?: Record<string, JsonSchema> }).headers
  return { ...response, headers: { ...own, ...headers } }
}
