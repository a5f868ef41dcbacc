/** src/openapi/answer-headers.ts: the headers a plugin puts on every answer of its routes, added to each documented response. */
import { describe, expect, it } from 'vitest'
import type { PluginAnswer } from '../../src/api/plugin'
import { withAnswerHeaders } from '../../src/openapi/answer-headers'

const limit: PluginAnswer = { status: 429, description: 'Too Many Requests', by: 'rateLimit(a)', everyAnswerHeaders: { RateLimit: 'What is left', 'RateLimit-Policy': 'The limit' } }

describe('withAnswerHeaders', () => {
  it('adds each plugin’s every-answer headers, keeping the response’s own', () => {
    const response = { description: 'OK', headers: { ETag: { schema: { type: 'string' } } } }
    expect(withAnswerHeaders(response, [limit])).toEqual({
      description: 'OK',
      headers: {
        ETag: { schema: { type: 'string' } },
        RateLimit: { description: 'What is left', schema: { type: 'string' } },
        'RateLimit-Policy': { description: 'The limit', schema: { type: 'string' } },
      },
    })
    expect(response.headers).toEqual({ ETag: { schema: { type: 'string' } } })
  })

  it('gives the response back as it is when no plugin adds headers', () => {
    const response = { description: 'OK' }
    expect(withAnswerHeaders(response, [])).toBe(response)
    expect(withAnswerHeaders(response, [{ status: 401, description: 'x', by: 'auth' }])).toBe(response)
  })
})
