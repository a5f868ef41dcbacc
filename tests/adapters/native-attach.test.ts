/**
 * Issue #26 item 1: fw attached to node:http, Express, Koa and Fastify
 * (`fw-api/adapters` `attach(...)`) serves through the native Node path
 * (src/node/native/attach.ts) and answers as the Web bridge it replaces
 * (`FW_NODE_SERVER=web`). Every conformance case (tests/runtimes/cases.ts,
 * cases-hooks.ts) goes to each attachment of tests/runtimes/fixtures/attach-server.ts,
 * started once per path; status, headers and body bytes must be the same.
 *
 *   npx vitest run tests/adapters/native-attach.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cases } from '../runtimes/cases'
import { hookCases } from '../runtimes/cases-hooks'
import { answer, startBothPaths, type Answer } from '../runtimes/exchange'
import { runtimesFor, type Server } from '../runtimes/runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/attach-server.ts'
const ATTACHMENTS = ['node-http', 'express', 'express-parsed', 'express-mounted', 'koa', 'koa-parsed', 'fastify']

/**
 * Koa and Fastify get a light answer whole (a Buffer), so they send it with
 * its Content-Length where the bridge handed them a stream (chunked); any
 * other header must match.
 */
const WHOLE = new Set(['koa', 'koa-parsed', 'fastify'])
const FRAMING = new Set(['content-length', 'transfer-encoding'])

/** `answer` without its framing headers. */
const unframed = (answer: Answer): Answer => ({ ...answer, headers: answer.headers.filter(([name]) => !FRAMING.has(name)) })
/** The value of header `name` of `answer`. */
const header = (answer: Answer, name: string): string | undefined => answer.headers.find(([key]) => key === name)?.[1]

/** The port of each attachment a fixture server printed. */
function portsOf(server: Server): Record<string, number> {
  const line = /^attach ports (\{.*\})$/m.exec(server.output())
  if (!line?.[1]) throw new Error(`no ports line in:\n${server.output()}`)
  return JSON.parse(line[1]) as Record<string, number>
}

describe.each(runtimesFor(['node']).filter((runtime) => runtime.label === 'node'))('attachments: native path and Web bridge', (runtime) => {
  let servers: [Server, Server] | undefined
  const origins: Record<string, [string, string]> = {}

  beforeAll(async () => {
    servers = await startBothPaths(runtime, ENTRY, START_MS)
    const [native, web] = servers.map(portsOf) as [Record<string, number>, Record<string, number>]
    for (const name of ATTACHMENTS) origins[name] = [`http://127.0.0.1:${native[name]}`, `http://127.0.0.1:${web[name]}`]
  }, START_MS + 10_000)

  afterAll(async () => {
    await Promise.all(servers?.map((server) => server.stop()) ?? [])
  }, 15_000)

  describe.each(ATTACHMENTS)('%s', (name) => {
    it.each([...cases, ...hookCases])('$method $path: $name', async (c) => {
      const pair = origins[name]
      if (!pair) throw new Error('the fixture servers did not start')
      const [a, b] = (await Promise.all(pair.map((origin) => answer(origin, c)))) as [Answer, Answer]
      if (!WHOLE.has(name)) return expect(a, `${name}: ${c.method} ${c.path}: native (left) and Web bridge (right) differ`).toEqual(b)
      expect(unframed(a), `${name}: ${c.method} ${c.path}: native (left) and Web bridge (right) differ`).toEqual(unframed(b))
      // sent whole, or streamed as the bridge did
      const length = header(a, 'content-length')
      if (length === undefined) expect(header(a, 'transfer-encoding')).toBe(header(b, 'transfer-encoding'))
      else if (c.method !== 'HEAD') expect(Number(length)).toBe(a.body.length)
    })
  })
})
