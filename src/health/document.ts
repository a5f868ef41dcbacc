/**
 * The health routes in the OpenAPI document, for `health: { document: true }` (by default they
 * are left out: probes are the platform's, not the API's clients').
 */
import type { OpenAPIDocument } from '../openapi/document'

const READINESS = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ready', 'unavailable', 'closing'] },
    checks: {
      type: 'object',
      additionalProperties: { type: 'string', enum: ['ok', 'failed', 'timed out'] },
    },
  },
}
const readiness = (description: string) => ({
  description,
  content: { 'application/json': { schema: READINESS } },
})

/**
 * The OpenAPI path items of liveness (`path`) and readiness (`<path>/ready`).
 *
 * @example Object.assign(document.paths, healthPaths('/healthz'))
 */
export function healthPaths(path: string): OpenAPIDocument['paths'] {
  return {
    [path]: {
      get: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process serves',
        operationId: 'health_live',
        responses: {
          200: {
            description: 'The process serves',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { status: { const: 'ok' } } },
              },
            },
          },
        },
      },
    },
    [`${path}/ready`]: {
      get: {
        tags: ['health'],
        summary: 'Readiness: 503 while a check fails or the service is closing',
        operationId: 'health_ready',
        responses: {
          200: readiness('Every check passed'),
          503: readiness('A check failed or timed out, or the service is closing'),
        },
      },
    },
  }
}
