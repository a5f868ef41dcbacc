/**
 * `@redocly/cli lint` with its recommended ruleset reports no error on any
 * example's document (issue 54 #13: `security-defined` fired on 37 + 5
 * operations of examples/app.ts and examples/blog — a public operation now says
 * `security: []`). Its one warning needs a fact only the user has (a license;
 * docs/openapi.md says how to give it); given it, and given security schemes,
 * it passes with no exception at all.
 */
import 'fw-api/openapi'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import '../realworld/secret' // JWT_SECRET before the app loads
import { Fw } from 'fw-api'
import { RootAPI, service } from '../../examples/app'
import { createBlog } from '../../examples/blog/app'
import { service as quickstart } from '../../examples/quickstart'
import { createConduit } from '../../examples/realworld/app'
import { service as notes } from '../client/wire'
import { CHECK_MS } from '../helpers/time'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dir = join(root, 'tests/.tmp/lint')
/** The recommended rule that needs the user's facts (a warning). */
const USER_FACTS = ['info-license']

interface Problem {
  ruleId: string
  severity: string
  message: string
  location: { pointer: string }[]
}

async function lint(name: string, document: unknown): Promise<Problem[]> {
  await mkdir(dir, { recursive: true })
  const file = join(dir, `${name}.json`)
  await writeFile(file, JSON.stringify(document))
  const run = promisify(execFile)
  // Exit code 1 on errors: the JSON report is on stdout either way.
  const { stdout } = await run(join(root, 'node_modules/.bin/redocly'), ['lint', file, '--format=json', '--extends=recommended'], { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  )
  return (JSON.parse(stdout) as { problems: Problem[] }).problems
}

const summary = (problems: Problem[]) => problems.map((problem) => `${problem.ruleId} (${problem.severity}) ${problem.message} at ${problem.location[0]?.pointer}`)

describe('redocly lint, recommended ruleset', () => {
  it("reports no error on any example's document; its one warning needs the user's license", async () => {
    const blog = await createBlog()
    try {
      const documents = { example: service.openapi(), blog: blog.service.openapi(), conduit: createConduit().service.openapi(), quickstart: quickstart.openapi() }
      for (const [name, document] of Object.entries(documents)) {
        const problems = await lint(name, document)
        expect(summary(problems.filter((problem) => problem.severity === 'error')), name).toEqual([])
        expect(summary(problems.filter((problem) => !USER_FACTS.includes(problem.ruleId))), name).toEqual([])
        // The rule does fire without the facts (so the filter above hides nothing else).
        expect(problems.map((problem) => `${problem.ruleId} (${problem.severity})`), name).toEqual(['info-license (warn)'])
      }
    } finally {
      await blog.database.close()
    }
  }, CHECK_MS * 2)

  it('a public operation says so (security: []); one the document-wide security covers inherits it', () => {
    const add = (document: { paths: Record<string, Record<string, { security?: unknown }>> }) => document.paths['/api/calc/add']?.get?.security
    expect(add(service.openapi() as never)).toEqual([])
    const guarded = new Fw(import.meta.url, { api: RootAPI, route: '/api', docs: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, security: [{ bearer: [] }] } })
    expect(add(guarded.openapi() as never)).toBeUndefined()
  })

  it("an endpoint's own Response is documented in the media type it declares (@api.doc({ contentType })), not as JSON", () => {
    const raw = (service.openapi().paths['/api/calc/raw'] as Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>).get?.responses['200']
    expect(Object.keys(raw?.content ?? {})).toEqual(['text/plain'])
    expect(raw?.content['text/plain']).toEqual({ schema: { type: 'string' } })
  })

  it('passes with no exception once a license and security schemes are given', async () => {
    const facts = {
      license: { name: 'MIT', identifier: 'MIT' },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      security: [{ bearer: [] }],
    }
    const site = new Fw(import.meta.url, { name: 'example', api: RootAPI, route: '/api', docs: facts })
    expect(summary(await lint('example-facts', site.openapi()))).toEqual([])
    expect(summary(await lint('notes-facts', notes.openapi(facts)))).toEqual([])
  }, CHECK_MS)
})
