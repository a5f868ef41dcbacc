/**
 * SPEC §9.1: a declared file result (`@api.doc({ result: v.blob() })`) is
 * documented as the server sends it — the bytes with their own content type,
 * not a JSON envelope — and the typed client resolves it to a Blob
 * (tests/client/answer.test.ts).
 */
import 'fw-api/openapi'
import { validate } from '@readme/openapi-parser'
import { expect, it } from 'vitest'
import { service } from '../client/safety'

it('a Blob result is a binary body of any media type, outside the envelope', () => {
  const success = (service.openapi().paths['/api/hop/blob']?.get as { responses: Record<string, unknown> }).responses['200']
  expect(success).toEqual({ description: 'Success: the file, sent as it is with its own content type', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } })
})

it('the document with a file result passes the OpenAPI 3.1 validator', async () => {
  const result = await validate(structuredClone(service.openapi()) as never)
  expect(result.valid ? [] : result.errors).toEqual([])
  expect(result.specification).toBe('OpenAPI')
})
