/**
 * The 46 cases of utilmeta-py `tests/test_3_api/params.py` (./cases.ts) as
 * vitest suites against one port of its server: in-process through
 * `service.fetch` and over real HTTP (`service.run` on port 0, Node). The
 * valibot port (./api.ts) runs in ./params.test.ts; the zod and arktype
 * ports (./api-zod.ts, ./api-arktype.ts) run here with the same expected
 * status and data, and the same documented differences (./cases.ts `differences`).
 */
import 'fw-api/serve'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fw } from 'fw-api'
import { ANY, casesFor, dataOf, differences, toRequest, type Case } from './cases'

/** What a port exports: its service and the folder its uploads are saved in. */
export interface Port {
  service: Fw
  filesDir: string
  baseDir: string
}

/** The test name of a case (the upload folder shows as `<tmp>` so names stay the same between runs). */
export const caseLabel = (filesDir: string, index: number, entry: Case): string =>
  `case ${index}: ${entry.method.toUpperCase()} ${entry.path.replace(filesDir, '<tmp>')} → ${differences[index]?.status ?? entry.status}`

/** Send one case and assert the peer's status and data (or, for a documented difference, fw's status). */
export async function checkCase(send: (request: Request) => Response | Promise<Response>, origin: string, index: number, entry: Case): Promise<void> {
  const response = await send(toRequest(origin, entry))
  const data = await dataOf(response)
  const difference = differences[index]
  if (difference) {
    expect(response.status, difference.reason).toBe(difference.status)
    return
  }
  expect({ status: response.status, data: entry.result === ANY ? ANY : data }).toEqual({ status: entry.status, data: entry.result })
}

/** The two suites (in-process, over HTTP) for a port whose schemas are written with `library`. */
export function describePort(library: string, port: Port): void {
  const cases = casesFor(port.filesDir)
  afterAll(() => rm(port.baseDir, { recursive: true, force: true }))

  describe(`utilmeta-py tests/test_3_api/params.py with ${library} schemas, in-process (service.fetch)`, () => {
    it('has the 46 cases of the peer', () => {
      expect(cases).toHaveLength(46)
    })
    cases.forEach((entry, index) => {
      it(caseLabel(port.filesDir, index, entry), () => checkCase((request) => port.service.fetch(request), 'http://localhost', index, entry))
    })
  })

  describe(`utilmeta-py tests/test_3_api/params.py with ${library} schemas, over HTTP (service.run on port 0)`, () => {
    let origin = ''
    let close: () => Promise<void> = async () => {}
    beforeAll(async () => {
      const server = await port.service.run({ port: 0, host: '127.0.0.1' })
      origin = `http://127.0.0.1:${server.port}`
      close = () => server.close()
    })
    afterAll(() => close())
    cases.forEach((entry, index) => {
      it(caseLabel(port.filesDir, index, entry), () => checkCase((request) => fetch(request), origin, index, entry))
    })
  })
}
