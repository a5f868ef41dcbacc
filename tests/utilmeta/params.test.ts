/**
 * UtilMeta's API suite as fw's acceptance measure: utilmeta-py
 * `tests/test_3_api/params.py` (46 cases) against the fw port of its
 * `tests/server/api.py` (./api.ts), in-process through `service.fetch`, then
 * again over real HTTP. One test per peer case, with the peer's expected
 * status and data; the documented differences (./cases.ts `differences`,
 * docs/api.md) assert fw's own answer instead.
 */
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseDir, filesDir, service } from './api'
import { ANY, cases, dataOf, differences, toRequest, type Case } from './cases'

// the saved files' folder is a fresh temporary one: named <tmp> so test names stay the same between runs
const label = (index: number, entry: Case) => `case ${index}: ${entry.method.toUpperCase()} ${entry.path.replace(filesDir, '<tmp>')} → ${differences[index]?.status ?? entry.status}`

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

afterAll(() => rm(baseDir, { recursive: true, force: true }))

describe('utilmeta-py tests/test_3_api/params.py, in-process (service.fetch)', () => {
  it('has the 46 cases of the peer', () => {
    expect(cases).toHaveLength(46)
  })
  cases.forEach((entry, index) => {
    it(label(index, entry), () => check((request) => service.fetch(request), 'http://localhost', index, entry))
  })
})

describe('utilmeta-py tests/test_3_api/params.py, over HTTP (service.run on port 0)', () => {
  let origin = ''
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${server.port}`
    close = () => server.close()
  })
  afterAll(() => close())
  cases.forEach((entry, index) => {
    it(label(index, entry), () => check((request) => fetch(request), origin, index, entry))
  })
})
