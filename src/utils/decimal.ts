/**
 * Whole numbers in decimal without V8's number-string cache (a rate limit's remaining count in
 * `RateLimit`, fw-api/plugins/rate-limit).
 */

/** `000` to `999`: the last digits `decimal` puts together, made once. */
const TRIPLES = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'))

/**
 * A count in decimal (a remaining count in `RateLimit`): a count below 10⁹ put together from its
 * leading digits (few values: V8's number-string cache answers them) and three-digit strings made
 * once. A count made a string the usual way (`${count}`) enters that cache, which keeps each new
 * one past the next young-generation collection (~300 ns a request when every request has its
 * own count, a limit of 10⁹: bench/RESULTS-rate-limit.md).
 *
 * @example
 * decimal(999_999_999) // '999999999'
 */
export function decimal(value: number): string {
  if (value < 1000 || value >= 1_000_000_000) return String(value)
  if (value < 1_000_000) return String(Math.floor(value / 1000)) + TRIPLES[value % 1000]
  return (
    String(Math.floor(value / 1_000_000)) +
    TRIPLES[Math.floor(value / 1000) % 1000] +
    TRIPLES[value % 1000]
  )
}
