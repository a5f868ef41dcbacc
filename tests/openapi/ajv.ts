/**
 * Validate real answers against the document's response schemas with ajv
 * (JSON Schema 2020-12, OpenAPI 3.1's dialect, strict, formats checked):
 * `#/components/schemas/...` references resolve inside the document.
 */
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'

type Json = Record<string, any>

/** The JSON schema of an operation's response (`application/json`). */
export function responseSchema(document: Json, path: string, method: string, status = '200'): Json {
  const schema = document.paths?.[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema as Json | undefined
  if (!schema) throw new Error(`no JSON ${status} response for ${method.toUpperCase()} ${path}`)
  return schema
}

/**
 * A validator of one operation's answers: the errors ajv finds (none: `[]`).
 *
 * @example
 * const check = answerValidator(doc, '/api/article', 'get')
 * expect(check(await response.json())).toEqual([])
 */
export function answerValidator(document: Json, path: string, method: string, status = '200'): (answer: unknown) => string[] {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  // the response schema with the document's components beside it, so `#/components/...` resolves
  ajv.addKeyword('components')
  const validate = ajv.compile({ ...responseSchema(document, path, method, status), components: document.components })
  return (answer) => (validate(answer) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`))
}
