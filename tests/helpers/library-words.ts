/**
 * A refusal's message text is each library's own (SPEC §3.6, turn 5); fw's own reasons (a missing
 * item, a value that cannot convert) read alike in every library. Tests that compare one schema
 * written in several libraries compare their 400 problem bodies with the libraries' words taken out.
 */

/** fw's own reasons: `required item missing`, `invalid number: 'x'`, `invalid boolean: …`. */
const FW_REASON = /^(required item missing$|invalid [a-z ]+: )/

/** What a library's words read as once taken out. */
export const LIBRARY_WORDS = 'library words'

/** A reason kept when it is fw's own, else `LIBRARY_WORDS`; an empty reason is kept (and so differs). */
const reasonKept = (reason: string): string =>
  reason === '' || FW_REASON.test(reason) ? reason : LIBRARY_WORDS

/**
 * A problem+json body with a library's words taken out (its `detail`'s last reason and every
 * `errors[].message`); every other byte as sent. Any other body is returned as it is.
 *
 * @example
 * withoutLibraryWords('{"detail":"BadRequest: parse item: [\'a\'] failed: Too small","errors":[]}')
 * // '{"detail":"BadRequest: parse item: [\'a\'] failed: library words","errors":[]}'
 */
export function withoutLibraryWords(body: string): string {
  let problem: { detail?: unknown; errors?: { message?: unknown }[] }
  try {
    problem = JSON.parse(body) as typeof problem
  } catch {
    return body
  }
  if (typeof problem !== 'object' || problem === null || typeof problem.detail !== 'string') return body
  const cut = problem.detail.lastIndexOf(' failed: ')
  if (cut < 0) return body
  const start = cut + ' failed: '.length
  problem.detail = problem.detail.slice(0, start) + reasonKept(problem.detail.slice(start))
  for (const error of Array.isArray(problem.errors) ? problem.errors : [])
    if (typeof error.message === 'string') error.message = reasonKept(error.message)
  return JSON.stringify(problem)
}
