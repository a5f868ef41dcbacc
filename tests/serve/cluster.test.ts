/**
 * src/serve/cluster.ts: `run({ workers })` — the worker count (`'auto'`: the CPUs; anything but a
 * positive integer refused), a worker knowing itself by fw's environment, its report to the
 * primary; the primary probing one port for all, resolving once every worker listens, failing as
 * one (a taken port is EADDRINUSE) when one cannot, restarting a crashed worker with doubling
 * backoff, closing them gracefully (SIGTERM for one still starting, SIGKILL past the timeout).
 * In-process: stand-in `node:cluster`, `node:net` and `node:os` through `process.getBuiltinModule`,
 * no process forked (tests/runtimes/node-paths.test.ts forks real ones).
 */
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { isWorker, reportToPrimary, supervise, workerCount, workerPort } from '../../src/serve/cluster'

type Message = { fw: string; port?: number; message?: string; timeout?: number }

/** A stand-in worker process: what the primary sent it and the signals it got. */
class StandInWorker extends EventEmitter {
  static pids = 1000
  sent: Message[] = []
  signals: string[] = []
  dead = false
  readonly env: Record<string, string> | undefined
  readonly process = { pid: StandInWorker.pids++, kill: (signal: string) => void this.signals.push(signal) }
  constructor(env: Record<string, string> | undefined) {
    super()
    this.env = env
  }
  isDead(): boolean {
    return this.dead
  }
  send(message: Message): void {
    this.sent.push(message)
  }
  /** the worker says something to the primary */
  says(message: Message): void {
    this.emit('message', message)
  }
  exits(): void {
    this.dead = true
    this.emit('exit')
  }
}

/** The stand-in modules, and the workers forked so far. */
const standIn = {
  workers: [] as StandInWorker[],
  isWorker: false,
  cpus: 4,
  /** the error the probe's listen fails with */
  probeError: undefined as unknown,
  probed: [] as [number, string][],
}

const cluster = {
  get isWorker() {
    return standIn.isWorker
  },
  fork: (env?: Record<string, string>) => {
    const worker = new StandInWorker(env)
    standIn.workers.push(worker)
    return worker
  },
}
const net = {
  createServer: () => {
    const probe = new EventEmitter()
    let bound = 0
    return Object.assign(probe, {
      listen(port: number, hostname: string, listening: () => void) {
        standIn.probed.push([port, hostname])
        if (standIn.probeError) queueMicrotask(() => probe.emit('error', standIn.probeError))
        else {
          bound = port === 0 ? 41_000 : port
          queueMicrotask(listening)
        }
      },
      address: () => ({ port: bound }),
      close: (closed: () => void) => queueMicrotask(closed),
    })
  },
}
const os = { availableParallelism: () => standIn.cpus }

beforeEach(() => {
  Object.assign(standIn, { workers: [], isWorker: false, cpus: 4, probeError: undefined, probed: [] })
  const real = process.getBuiltinModule
  vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
    id === 'node:cluster' ? cluster : id === 'node:net' ? net : id === 'node:os' ? os : real(id)) as typeof process.getBuiltinModule)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.useRealTimers()
})

/** Let the primary's promise steps (probe, forks) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Let promise steps run without a turn of the event loop: while `process` is a stand-in no timer
 * may fire, for vitest's own messages to its runner go through the real one (a message sent
 * through the stand-in fails, and its failure is reported by another message, endlessly).
 */
const flushMicrotasks = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve()
}

describe('workerCount', () => {
  it("is the number given, or one per CPU for 'auto' (at least one)", () => {
    expect(workerCount(3)).toBe(3)
    expect(workerCount('auto')).toBe(4)
    standIn.cpus = 0
    expect(workerCount('auto')).toBe(1)
  })

  it('refuses anything but a positive integer', () => {
    for (const bad of [0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '4' as unknown as number])
      expect(() => workerCount(bad)).toThrow(new ImproperlyConfigured(`run({ workers }) takes a positive integer or 'auto', not ${String(bad)}`))
  })
})

describe('a worker', () => {
  it("knows itself by fw's environment and node:cluster; its port is the primary's", () => {
    expect(isWorker()).toBe(false)
    expect(workerPort()).toBeUndefined()
    vi.stubEnv('FW_WORKER', '1')
    expect(isWorker()).toBe(false) // not a cluster worker
    standIn.isWorker = true
    expect(isWorker()).toBe(true)
    vi.stubEnv('FW_WORKER_PORT', '8123')
    expect(workerPort()).toBe(8123)
  })

  it('reports listening, closes gracefully and exits when the primary asks; reports a failure', async () => {
    const sent: Message[] = []
    const listeners: ((message: Message) => void)[] = []
    const exit = vi.fn()
    vi.stubGlobal('process', { env: {}, send: (message: Message) => sent.push(message), on: (_event: string, listener: (message: Message) => void) => listeners.push(listener), exit })
    try {
      const close = vi.fn(async () => {})
      reportToPrimary({ port: 8000, close })
      for (const listener of listeners) listener({ fw: 'other' })
      const closedEarly = close.mock.calls.length
      for (const listener of listeners) listener({ fw: 'close', timeout: 1500 })
      await flushMicrotasks()
      reportToPrimary(new Error('cannot listen on 0.0.0.0:80: EADDRINUSE'))
      vi.unstubAllGlobals()
      expect(sent[0]).toEqual({ fw: 'listening', port: 8000 })
      expect(closedEarly).toBe(0)
      expect(close).toHaveBeenCalledWith({ timeout: 1500 })
      expect(exit).toHaveBeenCalledWith(0)
      expect(sent.at(-1)).toEqual({ fw: 'failed', message: 'cannot listen on 0.0.0.0:80: EADDRINUSE' })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('supervise', () => {
  const options = { count: 2, port: 0, hostname: '127.0.0.1', signals: false }

  it('probes one port for all, forks the workers with it, resolves once every one listens', async () => {
    let resolved = false
    const starting = supervise(options).then((server) => ((resolved = true), server))
    await settle()
    expect(standIn.probed).toEqual([[0, '127.0.0.1']])
    expect(standIn.workers.map((worker) => worker.env)).toEqual([
      { FW_WORKER: '1', FW_WORKER_PORT: '41000' },
      { FW_WORKER: '1', FW_WORKER_PORT: '41000' },
    ])
    standIn.workers[0]?.says({ fw: 'listening', port: 41_000 })
    await settle()
    expect(resolved).toBe(false)
    standIn.workers[1]?.says({ fw: 'listening', port: 41_000 })
    const server = await starting
    expect(server).toMatchObject({ port: 41_000, hostname: '127.0.0.1', runtime: 'node', role: 'primary' })
  })

  it('fails as one when a worker cannot listen (a taken port is EADDRINUSE), ending the others', async () => {
    const starting = supervise(options)
    await settle()
    const [first, second] = standIn.workers
    first?.says({ fw: 'listening', port: 41_000 })
    second?.says({ fw: 'failed', message: 'cannot listen on 127.0.0.1:41000: the address is already in use (EADDRINUSE)' })
    await settle()
    expect(first?.sent).toEqual([{ fw: 'close', timeout: 0 }])
    expect(second?.signals).toEqual(['SIGTERM'])
    first?.exits()
    second?.exits()
    await expect(starting).rejects.toMatchObject({ code: 'EADDRINUSE', message: expect.stringContaining('already in use') })
  })

  it('fails when a worker exits before listening', async () => {
    const starting = supervise({ ...options, count: 1 })
    await settle()
    const [worker] = standIn.workers
    worker?.exits()
    await expect(starting).rejects.toThrow(`a worker exited before listening (pid ${worker?.process.pid})`)
  })

  it('refuses a taken port before forking anything', async () => {
    standIn.probeError = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })
    await expect(supervise({ ...options, port: 8000 })).rejects.toThrow('cannot listen on 127.0.0.1:8000: the address is already in use (EADDRINUSE)')
    expect(standIn.workers).toEqual([])
  })

  it('refuses Deno, naming deno serve --parallel', async () => {
    vi.stubGlobal('Deno', { env: { get: () => undefined } })
    await expect(supervise(options)).rejects.toThrow('on Deno, `export default service` and serve it with `deno serve --parallel`')
  })

  it('restarts a crashed worker after 100 ms, then 200 ms for a second crash in a row', async () => {
    const starting = supervise({ ...options, count: 1 })
    await settle()
    standIn.workers[0]?.says({ fw: 'listening', port: 41_000 })
    await starting
    vi.useFakeTimers()
    standIn.workers[0]?.exits()
    vi.advanceTimersByTime(99)
    expect(standIn.workers).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(standIn.workers).toHaveLength(2)
    standIn.workers[1]?.exits()
    vi.advanceTimersByTime(199)
    expect(standIn.workers).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(standIn.workers).toHaveLength(3)
  })

  it('closes: serving workers asked to close, a starting one sent SIGTERM, SIGKILL past the timeout; once', async () => {
    const starting = supervise(options)
    await settle()
    const [first, second] = standIn.workers
    first?.says({ fw: 'listening', port: 41_000 })
    second?.says({ fw: 'listening', port: 41_000 })
    const server = await starting
    // a replacement still starting when closing begins
    vi.useFakeTimers()
    first?.exits()
    vi.advanceTimersByTime(100)
    const replacement = standIn.workers[2]
    const closing = server.close({ timeout: 1000 })
    expect(server.close()).toBe(closing)
    expect(second?.sent).toEqual([{ fw: 'close', timeout: 1000 }])
    expect(replacement?.signals).toEqual(['SIGTERM'])
    replacement?.says({ fw: 'listening', port: 41_000 }) // its listening was on its way: asked to close too
    expect(replacement?.sent).toEqual([{ fw: 'close', timeout: 1000 }])
    replacement?.exits()
    vi.advanceTimersByTime(3000)
    expect(second?.signals).toEqual(['SIGKILL'])
    second?.exits()
    vi.useRealTimers()
    await closing
    expect(standIn.workers).toHaveLength(3) // no restart while closing
  })
})
