/**
 * A limit's `RateLimit` header values (`"name";r=<remaining>;t=<seconds to reset>`), each made
 * once and kept while it repeats: the values a limit answers depend only on the count left and the
 * seconds to the window's end, so under many clients they come again and again (a limit of 100 a
 * minute answers at most 101 × 61 values). A value made per request is a new string for node:http
 * to check and copy into the head: ~300 ns of a limited request on Node against a kept one
 * (bench/RESULTS-rate-limit.md).
 */
import { decimal } from '../../utils/decimal'

/** At most this many values kept per limit (~70 bytes each with their entry: ~0.5 MB at most); past it, the kept ones are dropped. */
const KEPT = 8192
/** The slots stay small integers (V8's Smis, hashed as they are): larger limits make each value anew. */
const MAX_SLOT = 2 ** 30

/**
 * The `RateLimit` values of one limit: `value(remaining, seconds)` answers the same string for the
 * same pair while it is kept.
 *
 * @example
 * const values = new RateLimitValues('default', 100, 60)
 * values.value(99, 60) // '"default";r=99;t=60' (the same string next time)
 */
export class RateLimitValues {
  /** `"name";r=`, made once */
  readonly #prefix: string
  /** remaining counts per second of the slot: the limit and 0; 0 when nothing is kept */
  readonly #span: number
  /** the longest seconds to reset a slot holds (the window's) */
  readonly #maxSeconds: number
  /** the values made, by slot (`seconds × span + remaining`) */
  readonly #kept = new Map<number, string>()

  constructor(name: string, limit: number, windowSeconds: number) {
    this.#prefix = `"${name}";r=`
    this.#maxSeconds = windowSeconds
    this.#span = (limit + 1) * (windowSeconds + 1) <= MAX_SLOT ? limit + 1 : 0
  }

  /** How many values are kept now. */
  get size(): number {
    return this.#kept.size
  }

  /** The value for `remaining` (0 to the limit) and `seconds` to reset (whole numbers). */
  value(remaining: number, seconds: number): string {
    const span = this.#span
    if (span === 0 || remaining >= span || seconds > this.#maxSeconds)
      return this.#made(remaining, seconds)
    const slot = seconds * span + remaining
    const kept = this.#kept.get(slot)
    if (kept !== undefined) return kept
    if (this.#kept.size >= KEPT) this.#kept.clear()
    const made = this.#made(remaining, seconds)
    this.#kept.set(slot, made)
    return made
  }

  /**
   * The value made: flat (one run of characters), not the chain of pieces the concatenation
   * makes, which node:http's header check would flatten in its regular expression's slower path
   * (reading a character flattens it in place: ~60 ns less a request, bench/RESULTS-rate-limit.md).
   */
  #made(remaining: number, seconds: number): string {
    const made = `${this.#prefix}${decimal(remaining)};t=${seconds}`
    made.charCodeAt(0)
    return made
  }
}
