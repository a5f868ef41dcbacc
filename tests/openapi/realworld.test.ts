/**
 * The Conduit example's document (examples/realworld) passes the third-party
 * checks the other examples pass: the OpenAPI 3.1 validator
 * (@readme/openapi-parser), openapi-typescript types that compile, redocly
 * lint (recommended) with a license and its security given; and it documents
 * RealWorld's error body (`@api.handle('*', { status, result })`) where the
 * server sends it, never problem+json for those statuses.
 */
import 'fw-api/openapi'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { validate } from '@readme/openapi-parser'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import '../realworld/secret' // JWT_SECRET before the app loads
import { createConduit } from '../../examples/realworld/app'
import { CHECK_MS } from '../helpers/time'

type Json = Record<string, any>
const root = fileURLToPath(new URL('../../', import.meta.url))
const out = join(root, 'tests/.tmp/openapi')

// Building the document needs no database connection: the service is never called here.
const { service } = createConduit()
const facts = { license: { name: 'MIT', identifier: 'MIT' } }
const document = service.openapi(facts) as Json

async function lint(doc: Json): Promise<string[]> {
  await mkdir(out, { recursive: true })
  const file = join(out, 'conduit.json')
  await writeFile(file, JSON.stringify(doc))
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }
  // Exit code 1 on errors: the JSON report is on stdout either way.
  const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/redocly'), ['lint', file, '--format=json', '--extends=recommended'], { cwd: out, env }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  const problems = (JSON.parse(stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] }).problems
  return problems.map((problem) => `${problem.ruleId} (${problem.severity}) ${problem.message} at ${problem.location[0]?.pointer}`)
}

const operations = (): [string, string, Json][] =>
  Object.entries(document.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => [path, method, op as Json] as [string, string, Json]))

describe('the Conduit document', () => {
  it('passes the OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
    expect(operations()).toHaveLength(19)
  })

  it('gives openapi-typescript types that compile', async () => {
    const source = astToString(await openapiTS(structuredClone(document) as never))
    await mkdir(out, { recursive: true })
    const file = join(out, 'conduit.d.ts')
    await writeFile(file, source)
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: false, types: [] })
    expect(ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([])
  }, CHECK_MS)

  it('passes redocly lint (recommended) with its license given: no exception', async () => {
    expect(await lint(document)).toEqual([])
  }, CHECK_MS)

  it("documents RealWorld's error body for the statuses its hook answers; only the 5xx stay problem+json", () => {
    const errors = { type: 'object', properties: { errors: { type: 'object', properties: { body: { type: 'array', items: { type: 'string' } } }, required: ['body'] } }, required: ['errors'] }
    const response = (item: Json): Json => (item.$ref ? document.components.responses[(item.$ref as string).split('/').at(-1) as string] : item)
    for (const [path, method, op] of operations()) {
      const statuses = Object.keys(op.responses)
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '404', '405', '422']))
      expect(statuses, `${method} ${path}`).not.toContain('400') // a refused value is 422 here
      for (const status of statuses.filter((code) => code >= '400')) {
        const content = response(op.responses[status]).content as Json
        const type = Number(status) >= 500 ? 'application/problem+json' : 'application/json'
        expect(Object.keys(content), `${method} ${path} ${status}`).toEqual([type])
        if (type === 'application/json') expect(content[type].schema, `${method} ${path} ${status}`).toEqual(errors)
      }
    }
    expect(document.paths['/api/users'].post.responses['415']).toBeDefined()
    expect(document.paths['/api/tags'].get.responses['415']).toBeUndefined()
  })
})
