/**
 * `run({ workers })`: several processes serving one port. A `node:cluster`
 * primary (Node; Bun too, where each worker's `Bun.serve` binds with
 * `reusePort`) forks the workers, restarts a crashed one with backoff,
 * closes them gracefully on SIGTERM/SIGINT or `close()`.
 */
import { ImproperlyConfigured } from '../exceptions'
import { nodeBuiltin } from '../node/io/runtime'
import { onShutdownSignals } from './signals'
import { detectRuntime } from '../utils/runtime'
import { envVar, globals } from './runtime'
import { addressInUse, DEFAULT_CLOSE_TIMEOUT, type CloseOptions, type RunningServer } from './types'

/** The parts of `node:cluster` fw uses, typed here so the core's sources carry no `node:*` types. */
interface Worker {
  on(event: 'message', listener: (message: Message) => void): unknown
  on(event: 'exit', listener: () => void): unknown
  once(event: 'exit', listener: () => void): unknown
  isDead(): boolean
  send(message: Message): unknown
  readonly process: { readonly pid?: number | undefined; kill(signal: string): unknown }
}
interface Cluster {
  readonly isWorker: boolean
  fork(env?: Record<string, string>): Worker
}
/** `node:os` and `node:net`, the same way. */
interface Os {
  availableParallelism(): number
}
interface ProbeServer {
  once(event: 'error', listener: (error: unknown) => void): unknown
  listen(port: number, hostname: string, listening: () => void): unknown
  address(): { port: number } | string | null
  close(closed: () => void): unknown
}
interface Net {
  createServer(): ProbeServer
}

/** How many worker processes: a number, or `'auto'` (one per CPU the process may use). */
export type Workers = number | 'auto'

/** The messages between the primary and its workers. */
type Message =
  | { fw: 'listening'; port: number }
  | { fw: 'failed'; message: string }
  | { fw: 'close'; timeout: number }

/** Set in the environment of the workers fw forks. */
const WORKER_ENV = 'FW_WORKER'
/** The port the primary gives its workers. */
const WORKER_PORT_ENV = 'FW_WORKER_PORT'

/** The port this worker serves on, as its primary chose it. */
export function workerPort(): number | undefined {
  const port = envVar(WORKER_PORT_ENV)
  return port === undefined ? undefined : Number(port)
}

/** Restart delays: doubled per crash in a row, from 100 ms to 10 s; a worker alive 10 s resets them. */
const BACKOFF_MS = { first: 100, max: 10_000, stable: 10_000 }

const cluster = (): Cluster => nodeBuiltin<Cluster>('node:cluster', 'run({ workers })')

/**
 * The number of workers for `workers` (`'auto'`: the CPUs available).
 *
 * @example
 * workerCount('auto') // 8 on an 8-core machine
 */
export function workerCount(workers: Workers): number {
  if (workers === 'auto')
    return Math.max(1, nodeBuiltin<Os>('node:os', 'run({ workers })').availableParallelism())
  if (!Number.isInteger(workers) || workers < 1)
    throw new ImproperlyConfigured(
      `run({ workers }) takes a positive integer or 'auto', not ${String(workers)}`,
    )
  return workers
}

/** Whether this process is a worker fw forked (it serves; the primary supervises). */
export function isWorker(): boolean {
  return envVar(WORKER_ENV) === '1' && detectRuntime() !== 'deno' && cluster().isWorker
}

/** Tell the primary this worker listens (or could not), and close gracefully when it asks. */
export function reportToPrimary(
  result: { port: number; close(options: CloseOptions): Promise<void> } | Error,
): void {
  const proc = globals.process
  if (result instanceof Error)
    return void proc?.send?.({ fw: 'failed', message: result.message } satisfies Message)
  proc?.on('message', (message: Message) => {
    if (message.fw !== 'close') return
    void result.close({ timeout: message.timeout }).finally(() => proc.exit(0))
  })
  proc?.send?.({ fw: 'listening', port: result.port } satisfies Message)
}

/** A port to give every worker: `port`, or a free one for 0 (Bun's `reusePort` sockets would each pick their own); rejects when taken. */
function probe(port: number, hostname: string): Promise<number> {
  const server = nodeBuiltin<Net>('node:net', 'run({ workers })').createServer()
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(addressInUse(error, port, hostname)))
    server.listen(port, hostname, () => {
      const address = server.address()
      const bound = typeof address === 'object' && address !== null ? address.port : port
      server.close(() => resolve(bound))
    })
  })
}

/**
 * Be the primary: fork `count` workers (they run the same entry, and their
 * `run()` serves), resolve once all of them listen, keep them running, and
 * close them all on SIGTERM/SIGINT or `close()`.
 *
 * @example
 * const server = await supervise({ count: 4, port: 8000, hostname: '0.0.0.0', signals: true })
 */
export async function supervise(options: {
  count: number
  port: number
  hostname: string
  signals: boolean
}): Promise<RunningServer> {
  if (detectRuntime() === 'deno')
    throw new ImproperlyConfigured(
      'run({ workers }) is for Node and Bun: on Deno, `export default service` and serve it with `deno serve --parallel` (docs/deploy.md)',
    )
  const primary = cluster()
  const port = await probe(options.port, options.hostname)
  const env = { [WORKER_ENV]: '1', [WORKER_PORT_ENV]: String(port) }
  const workers = new Set<Worker>()
  let closing = false
  let crashes = 0
  let ready: (() => void) | undefined
  let failed: ((error: Error) => void) | undefined
  let listening = 0
  // `close` is heard only once a worker listens (before, nothing listens for it): a worker still
  // starting when closing begins (a replacement) has served nothing and is ended with SIGTERM;
  // one whose `listening` was on its way is asked to close when it arrives.
  const serving = new Set<Worker>()
  let closeTimeout: number | undefined

  const askToClose = (worker: Worker, timeout: number): void => {
    try {
      worker.send({ fw: 'close', timeout } satisfies Message)
    } catch {
      worker.process.kill('SIGTERM')
    }
  }

  const fork = (): void => {
    const worker = primary.fork(env)
    const born = Date.now()
    workers.add(worker)
    worker.on('message', (message: Message) => {
      if (message.fw === 'listening') {
        serving.add(worker)
        if (closeTimeout !== undefined) return askToClose(worker, closeTimeout)
        if (++listening === options.count) ready?.()
      }
      if (message.fw === 'failed')
        failed?.(
          Object.assign(
            new Error(message.message),
            message.message.includes('EADDRINUSE') ? { code: 'EADDRINUSE' } : {},
          ),
        )
    })
    worker.on('exit', () => {
      workers.delete(worker)
      serving.delete(worker)
      if (closing) return
      if (failed)
        return failed(new Error(`a worker exited before listening (pid ${worker.process.pid})`))
      crashes = Date.now() - born > BACKOFF_MS.stable ? 1 : crashes + 1
      const delay = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** (crashes - 1))
      setTimeout(() => closing || fork(), delay)
    })
  }

  const stopAll = async ({ timeout = DEFAULT_CLOSE_TIMEOUT }: CloseOptions = {}): Promise<void> => {
    closing = true
    closeTimeout = timeout
    const exits = [...workers].map(
      (worker) =>
        new Promise<void>((resolve) =>
          worker.isDead() ? resolve() : worker.once('exit', () => resolve()),
        ),
    )
    for (const worker of workers) {
      if (serving.has(worker)) askToClose(worker, timeout)
      else worker.process.kill('SIGTERM')
    }
    const timer = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL')
    }, timeout + 2000)
    await Promise.all(exits)
    clearTimeout(timer)
  }
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve
    failed = (error) => {
      failed = undefined
      void stopAll({ timeout: 0 }).finally(() => reject(error))
    }
  })
  for (let n = 0; n < options.count; n++) fork()
  await started
  failed = undefined
  let closed: Promise<void> | undefined
  const close = (closeOptions?: CloseOptions): Promise<void> => (closed ??= stopAll(closeOptions))
  const off = options.signals ? onShutdownSignals(() => close()) : () => {}
  const runtime = detectRuntime()
  return {
    port,
    hostname: options.hostname,
    runtime: runtime === 'bun' ? 'bun' : 'node',
    role: 'primary',
    close: (closeOptions) => {
      off()
      return close(closeOptions)
    },
  }
}
