/**
 * The light `Response` of fw attached to node:http, Express, Koa or Fastify
 * (docs/integration.md, "fw attached to a Node framework"): installed once per
 * attachment, not per request.
 */
import { installLightResponse } from '../node/native/response'
import { detectRuntime } from '../utils/runtime'

/**
 * On Node, make the global `Response` the light one (as `service.run()`
 * does), so fw's answers are handed to the framework as they are; on Bun and
 * Deno it stays theirs (their servers take only their own `Response`), and
 * answers are piped as Web responses.
 *
 * @example
 * lightResponsesOnNode() // in attachExpress, before the middleware is made
 */
export function lightResponsesOnNode(): void {
  if (detectRuntime() === 'node') installLightResponse()
}
