/**
 * `pending`, or what `late()` gives if `pending` has not settled within `ms`
 * milliseconds; the timer is cleared as soon as either is there. The one
 * timeout of fw: endpoint timeouts (a 504, pipeline/chain.ts) and graceful
 * close (serve/graceful.ts) both wait with it.
 *
 * @example
 * const answered = await deadline(fetchSomething(), 1000, () => new Response('late', { status: 504 }))
 */
export function deadline<T>(pending: Promise<T>, ms: number, late: () => T): Promise<T> {
  // one promise and one reaction per wait (every request with an endpoint timeout takes one):
  // `Promise.race` plus `finally` made six
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        resolve(late())
      } catch (error) {
        reject(error)
      }
    }, ms)
    pending.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
