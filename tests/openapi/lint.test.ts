/**
 * `@redocly/cli lint` with its recommended ruleset passes
 * on the example's document, except the rules that need facts only the user
 * has (a license, security schemes; docs/openapi.md says how to give them).
 * Given those facts, it passes with no exception at all.
 */
import 'fw-api/openapi'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { Fw } from 'fw-api'
import { RootAPI, service } from '../../examples/app'
import { service as notes } from '../client/wire'
import { CHECK_MS } from '../helpers/time'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dir = join(root, 'tests/.tmp/lint')
/** The recommended rules that need the user's facts. */
const USER_FACTS = ['info-license', 'security-defined']

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
  it("passes on the example's document except the rules needing the user's facts", async () => {
    const problems = await lint('example', service.openapi())
    expect(summary(problems.filter((problem) => !USER_FACTS.includes(problem.ruleId)))).toEqual([])
    // The two rules do fire without the facts (so the filter above hides nothing else).
    expect(new Set(problems.map((problem) => problem.ruleId))).toEqual(new Set(USER_FACTS))
  }, CHECK_MS)

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
