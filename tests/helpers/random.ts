/** A random number source in [0, 1). */
export type Rnd = () => number

/**
 * A small, fast, seeded PRNG (mulberry32) for the property and differential
 * tests: a failure names a seed that reproduces it.
 *
 * @example
 * const next = seeded(42); next() // the same value on every run
 */
export function seeded(seed: number): Rnd {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
