/**
 * UtilMeta's API suite as fw's acceptance measure: utilmeta-py
 * `tests/test_3_api/params.py` (46 cases) against the fw port of its
 * `tests/server/api.py` (./api.ts): in-process through `service.fetch`, over
 * real HTTP, and in-process again with the port compiled by TypeScript with
 * `experimentalDecorators` (NestJS projects). One test per peer case, with
 * the peer's expected status and data; the documented differences
 * (./cases.ts `differences`, docs/api.md) assert fw's own answer instead.
 */
import 'fw-api/serve'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fw } from 'fw-api'
import * as port from './api'
import { ANY, casesFor, dataOf, differences, toRequest, type Case } from './cases'

type Port = typeof port
const root = fileURLToPath(new URL('../..', import.meta.url))
const out = join(root, 'tests/.tmp/utilmeta-legacy')
const cases = casesFor(port.filesDir)

// the saved files' folder is a fresh temporary one: named <tmp> so test names stay the same between runs
const label = (index: number, entry: Case) => `case ${index}: ${entry.method.toUpperCase()} ${entry.path.replace(port.filesDir, '<tmp>')} → ${differences[index]?.status ?? entry.status}`

async function check(send: (request: Request) => Response | Promise<Response>, origin: string, index: number, entry: Case): Promise<void> {
  const response = await send(toRequest(origin, entry))
  const data = await dataOf(response)
  const difference = differences[index]
  if (difference) {
    expect(response.status, difference.reason).toBe(difference.status)
    return
  }
  expect({ status: response.status, data: entry.result === ANY ? ANY : data }).toEqual({ status: entry.status, data: entry.result })
}

afterAll(() => rm(port.baseDir, { recursive: true, force: true }))

describe('utilmeta-py tests/test_3_api/params.py, in-process (service.fetch)', () => {
  it('has the 46 cases of the peer', () => {
    expect(cases).toHaveLength(46)
  })
  cases.forEach((entry, index) => {
    it(label(index, entry), () => check((request) => port.service.fetch(request), 'http://localhost', index, entry))
  })
})

describe('utilmeta-py tests/test_3_api/params.py, over HTTP (service.run on port 0)', () => {
  let origin = ''
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    const server = await port.service.run({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${server.port}`
    close = () => server.close()
  })
  afterAll(() => close())
  cases.forEach((entry, index) => {
    it(label(index, entry), () => check((request) => fetch(request), origin, index, entry))
  })
})

describe('utilmeta-py tests/test_3_api/params.py, compiled with experimentalDecorators', () => {
  let legacy: { service: Fw; filesDir: string; baseDir: string } | undefined
  beforeAll(async () => {
    await mkdir(out, { recursive: true })
    const compilerOptions: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, experimentalDecorators: true, useDefineForClassFields: false }
    // the port and the schema-free parts it shares with the other ports (./common.ts), both compiled so
    for (const name of ['api', 'common']) {
      const source = await readFile(join(root, `tests/utilmeta/${name}.ts`), 'utf8')
      const { outputText } = ts.transpileModule(source, { fileName: `${name}.ts`, compilerOptions })
      expect(outputText).toContain('__decorate(')
      await writeFile(join(out, `${name}.js`), outputText.replace("from './common'", "from './common.js'"))
    }
    legacy = (await import(pathToFileURL(join(out, 'api.js')).href)) as Port
  })
  afterAll(() => (legacy ? rm(legacy.baseDir, { recursive: true, force: true }) : undefined))
  cases.forEach((entry, index) => {
    it(label(index, entry), async () => {
      const ready = legacy as NonNullable<typeof legacy>
      // the same case, with the legacy build's own upload folder in the file paths
      const own = casesFor(ready.filesDir)[index] as Case
      await check((request) => ready.service.fetch(request), 'http://localhost', index, own)
    })
  })
})
