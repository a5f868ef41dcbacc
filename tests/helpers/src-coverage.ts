/**
 * The src/ files one request runs code in: V8's precise coverage (call counts) around one call of
 * `send`, the counts reset just before it. Used by the request-path measurements
 * (tests/helpers/get-path-files.ts, tests/helpers/post-path-files.ts), each run as its own process
 * (`node --import tsx`) so the modules keep their file URLs.
 */
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'

/** The functions that ran (count > 0) in each src/ file, by src/-relative path. */
export type RanByFile = Record<string, string[]>

/** What a measurement prints: the answer's status and body, and the src/ files that ran. */
export interface MeasuredRequest {
  status: number
  body: string
  files: RanByFile
}

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

/** Runs `send` once under precise coverage; its answer read after the counts are taken. */
export async function measureSrcFiles(send: () => Promise<Response>): Promise<MeasuredRequest> {
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
  return { status: response.status, body, files: ranByFile(coverage) }
}
