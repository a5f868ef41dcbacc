/** src/serve/signals.ts: SIGTERM / SIGINT while serving — close gracefully, then exit; a second signal exits at once. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onShutdownSignals } from '../../src/serve/signals'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A process stand-in recording listeners and exits. */
function fakeProcess() {
  const listeners = new Map<string, () => void>()
  const exits: number[] = []
  const proc = {
    env: {},
    on: (signal: string, handler: () => void) => void listeners.set(signal, handler),
    off: (signal: string) => void listeners.delete(signal),
    exit: (code: number) => void exits.push(code),
  }
  return { proc, listeners, exits }
}

/**
 * Let promise steps run without a turn of the event loop: while `process` is a stand-in no timer
 * may fire, for vitest's own messages to its runner go through the real one.
 */
const flushMicrotasks = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve()
}

describe('onShutdownSignals', () => {
  it('closes on SIGTERM then exits 0, and a second signal exits 1 at once', async () => {
    const { proc, listeners, exits } = fakeProcess()
    vi.stubGlobal('process', proc)
    let finish: () => void = () => {}
    const off = onShutdownSignals(() => new Promise<void>((resolve) => (finish = resolve)))
    expect([...listeners.keys()]).toEqual(['SIGTERM', 'SIGINT'])
    listeners.get('SIGTERM')?.()
    expect(exits).toEqual([])
    listeners.get('SIGINT')?.()
    expect(exits).toEqual([1])
    finish()
    await flushMicrotasks()
    expect(exits).toEqual([1, 0])
    off()
    expect(listeners.size).toBe(0)
  })

  it('exits 1 when closing fails, logging why', async () => {
    const { proc, listeners, exits } = fakeProcess()
    vi.stubGlobal('process', proc)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    onShutdownSignals(() => Promise.reject(new Error('close failed')))
    listeners.get('SIGINT')?.()
    await flushMicrotasks()
    expect(exits).toEqual([1])
    expect(logged).toHaveBeenCalledTimes(1)
  })

  it('listens through Deno’s API on Deno', () => {
    const added: string[] = []
    const removed: string[] = []
    vi.stubGlobal('Deno', { addSignalListener: (signal: string) => void added.push(signal), removeSignalListener: (signal: string) => void removed.push(signal), exit: () => {} })
    onShutdownSignals(async () => {})()
    expect(added).toEqual(['SIGTERM', 'SIGINT'])
    expect(removed).toEqual(['SIGTERM', 'SIGINT'])
  })
})
