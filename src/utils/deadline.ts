/**
 * `pending`, or what `late()` gives if `pending` has not settled within `ms`
 * milliseconds; the timer is cleared as soon as either is there. The one
 * timeout of fw: endpoint timeouts (a 504, compile/pipeline.ts) and graceful
 * close (serve/graceful.ts) both wait with it.
 *
 * @example
 * const answered = await deadline(fetchSomething(), 1000, () => new Response('late', { status: 504 }))
 */
export function deadline<T>(pending: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms)
  })
  return Promise.race([pending, timedOut]).finally(() => clearTimeout(timer))
}
