/**
 * src/request/telemetry.ts: the seam `fw-api/otel` observes the core through — registered once,
 * hooks timed whether they answer at once or later, work wrapped only when something observes.
 */
import { describe, expect, it } from 'vitest'
import { type HookKind, observed, registerTelemetry, type Telemetry, telemetryHost, timedHook } from '../../src/request/telemetry'

/** An observer that records the hooks it is told about. */
function recorder(): { telemetry: Telemetry; hooks: [HookKind, string, number, unknown][]; around: string[] } {
  const hooks: [HookKind, string, number, unknown][] = []
  const around: string[] = []
  const telemetry: Telemetry = {
    statement: () => undefined,
    around: (name, work) => (around.push(name), work()),
    logIds: () => undefined,
    failed: () => {},
    hook: (kind, label, startedAt, error) => void hooks.push([kind, label, startedAt, error]),
    method: (call, render) => render(call()),
  }
  return { telemetry, hooks, around }
}

describe('timedHook', () => {
  it('tells the observer at once for a hook that answered at once, and gives its answer back', () => {
    const { telemetry, hooks } = recorder()
    expect(timedHook(telemetry, 'before', 'check', 5, 'value')).toBe('value')
    expect(hooks).toEqual([['before', 'check', 5, undefined]])
  })

  it('tells the observer when a promise settles, with the error of a rejection (rethrown)', async () => {
    const { telemetry, hooks } = recorder()
    await expect(timedHook(telemetry, 'after', 'late', 1, Promise.resolve(2))).resolves.toBe(2)
    const failure = new Error('hook failed')
    await expect(timedHook(telemetry, 'plugin', 'bad', 2, Promise.reject(failure))).rejects.toBe(failure)
    expect(hooks).toEqual([
      ['after', 'late', 1, undefined],
      ['plugin', 'bad', 2, failure],
    ])
  })
})

describe('observed / registerTelemetry', () => {
  it('runs the work as it is while nothing observes, then through the first observer registered only', async () => {
    expect(telemetryHost.telemetry).toBeUndefined()
    await expect(observed('fw.x', async () => 1)).resolves.toBe(1)
    const first = recorder()
    const second = recorder()
    registerTelemetry(first.telemetry)
    registerTelemetry(second.telemetry)
    expect(telemetryHost.telemetry).toBe(first.telemetry)
    await expect(observed('fw.auth.verify_token', async () => 2)).resolves.toBe(2)
    expect(first.around).toEqual(['fw.auth.verify_token'])
    expect(second.around).toEqual([])
  })
})
