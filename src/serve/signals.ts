/**
 * SIGTERM / SIGINT while `run()` serves: close gracefully, then exit; a
 * second signal exits at once.
 */
import { globals } from './runtime'

const SIGNALS = ['SIGTERM', 'SIGINT'] as const

/**
 * Call `close` on the first SIGTERM or SIGINT and exit once it settled (code
 * 0; 1 if it failed); a second signal exits with 1 at once. Returns the
 * function that removes the handlers (when the server was closed otherwise).
 *
 * @example
 * const off = onShutdownSignals(() => server.close({ timeout: 10_000 }))
 */
export function onShutdownSignals(close: () => Promise<void>): () => void {
  const deno = globals.Deno
  const proc = globals.process
  const exit = (code: number): never =>
    deno ? deno.exit(code) : (proc as NonNullable<typeof proc>).exit(code)
  let closing = false
  const handler = (): void => {
    if (closing) exit(1)
    closing = true
    close().then(
      () => exit(0),
      (error: unknown) => {
        console.error(error)
        exit(1)
      },
    )
  }
  const off = (): void => {
    for (const signal of SIGNALS) {
      if (deno) deno.removeSignalListener(signal, handler)
      else proc?.off(signal, handler)
    }
  }
  for (const signal of SIGNALS) {
    if (deno) deno.addSignalListener(signal, handler)
    else proc?.on(signal, handler)
  }
  return off
}
