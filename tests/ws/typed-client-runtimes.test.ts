/**
 * SPEC §16 "The typed client … on every runtime": the client with the runtime's own global
 * WebSocket on Bun and Deno (Node 20 has none: tests/ws/typed-client.test.ts passes the `ws`
 * package's), against fw served by the same runtime over real HTTP (fixtures/typed-client-run.ts).
 *
 *   npx vitest run tests/ws/typed-client-runtimes.test.ts --typecheck.enabled=false
 */
import { describe, expect, it } from 'vitest'
import { runCommand, runtimesFor } from '../runtimes/runtimes'

const ENTRY = 'tests/ws/fixtures/typed-client-run.ts'

describe.each(runtimesFor(['bun', 'deno']))('the typed client on $label', (runtime) => {
  it('a typed round trip, a publish in the room, an error frame, a 401 refusal', async () => {
    const { code, output } = await runCommand(runtime.command(ENTRY), 90_000)
    const line = output.split('\n').find((text) => text.startsWith('RESULT '))
    expect(line, output.slice(-3000)).toBeDefined()
    expect(code).toBe(0)
    expect(JSON.parse(line?.slice('RESULT '.length) ?? '{}')).toEqual({
      welcome: { from: 'server', text: 'welcome ann to lobby', at: '1970-01-01T00:00:00.000Z' },
      echo: { from: 'ann', text: 'hello', at: '1970-01-01T00:00:00.000Z' },
      published: { from: 'ann', text: 'hello', at: '1970-01-01T00:00:00.000Z' },
      frames: ['invalid message'],
      refused: 401,
      closed: { code: 1000, reason: '' },
    })
  }, 120_000)
})
