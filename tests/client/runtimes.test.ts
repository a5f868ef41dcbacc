/**
 * On every runtime the client runs on: the probe
 * (tests/client/fixtures/probe.ts) runs under Node (tsx), Bun and Deno
 * against a real fw service and a second origin that must see nothing.
 */
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from 'fw-api'
import { runCommand, runtimesFor, servedByFw } from '../runtimes/runtimes'
import { recorder, service, type Recorder } from './safety'

let server: RunningServer
let other: Recorder

beforeAll(async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
  other = await recorder()
})
afterAll(async () => {
  await server?.close()
  await other?.close()
})

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('the client on $label', (runtime) => {
  it('refuses the other origin, escaping paths and 100 MB answers; follows same-origin; Blob results', async () => {
    const { code, output } = await runCommand(runtime.command('tests/client/fixtures/probe.ts'), 120_000, { FW_PROBE_SERVICE: `http://127.0.0.1:${server.port}`, FW_PROBE_OTHER: other.origin })
    expect(code, output).toBe(0)
    const lines = output.split('\n').filter((line) => line.startsWith('{"name"'))
    const outcomes = Object.fromEntries(lines.map((line) => JSON.parse(line) as { name: string; ms: number; status?: number; message?: string; error?: string; result?: unknown }).map((outcome) => [outcome.name, outcome]))
    expect(outcomes['cross-origin 307'], output).toMatchObject({ error: 'ClientError', status: 307, message: expect.stringContaining(other.origin) })
    expect(outcomes['same-origin 308'], output).toMatchObject({ result: { method: 'POST', token: 'token-secret', key: 'key-secret', secret: 'body-secret' } })
    expect(outcomes['path ../ping'], output).toMatchObject({ error: 'ClientError', status: 0 })
    expect(outcomes['100 MB answer'], output).toMatchObject({ error: 'ClientError', status: 200, message: expect.stringContaining('larger than maxBytes') })
    expect(outcomes['100 MB answer']?.ms, output).toBeLessThan(60_000)
    // Bun's fetch reports the type as `application/json;charset=utf-8`
    expect(outcomes['blob result'], output).toMatchObject({ result: expect.stringMatching(/^Blob application\/json(;charset=utf-8)? \{"looks":"like json"\}$/) })
    expect(other.connections).toBe(0)
  }, 180_000)
})
