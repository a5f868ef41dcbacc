/**
 * Which src/ files one GET with a query param runs code in: V8's precise
 * coverage (call counts) around one `service.fetch` of a warmed service.
 * Run as its own process (`node --import tsx tests/helpers/get-path-files.ts`)
 * so the modules keep their file URLs; prints `{ status, body, files }` as JSON,
 * `files` as src/-relative paths with the functions that ran in each.
 */
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { Fw, api } from '../../src/index'

class ItemsAPI extends api.API {
  @api.get({ q: v.string() })
  x({ q }: { q: string }) {
    return { q }
  }
}

/** The functions that ran (count > 0) in each src/ file, by src/-relative path. */
type RanByFile = Record<string, string[]>

interface Coverage {
  result: {
    url: string
    functions: { functionName: string; ranges: { count: number }[] }[]
  }[]
}

const srcRoot = fileURLToPath(new URL('../../src/', import.meta.url))

function ranByFile(coverage: Coverage): RanByFile {
  const ran: RanByFile = {}
  for (const script of coverage.result) {
    if (!script.url.startsWith('file:')) continue
    const path = fileURLToPath(script.url)
    if (!path.startsWith(srcRoot)) continue
    const names = script.functions
      .filter((fn) => (fn.ranges[0]?.count ?? 0) > 0)
      .map((fn) => fn.functionName || '(anonymous)')
    if (names.length) ran[path.slice(srcRoot.length).split('\\').join('/')] = names
  }
  return ran
}

const service = new Fw({ api: ItemsAPI, route: '/api' })
const send = () => service.fetch(new Request('http://x/api/x?q=1'))
for (let round = 0; round < 200; round++) await (await send()).text()

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true })
await session.post('Profiler.takePreciseCoverage') // resets the counts: only the next request counts
const response = await send()
const coverage = (await session.post('Profiler.takePreciseCoverage')) as Coverage
const body = await response.text()
await session.post('Profiler.stopPreciseCoverage')
session.disconnect()

process.stdout.write(JSON.stringify({ status: response.status, body, files: ranByFile(coverage) }))
