/**
 * `Accept-Encoding` negotiation (RFC 9110 §12.5.3): q-values, `*`,
 * `identity;q=0`, the server's order of preference on ties. Bounded: at most
 * `MAX_CODINGS` entries of a header are read, in one linear pass, so a hostile
 * header of ten thousand entries costs no more than a browser's.
 */

/** A content coding fw-api/plugins/compress can produce. */
export type Encoding = 'br' | 'gzip' | 'deflate'

/** Entries of one `Accept-Encoding` header looked at; the rest is ignored (browsers send about five). */
export const MAX_CODINGS = 64

/** What a request accepts, for the codings on offer. */
export interface Negotiated {
  /** the coding to send, or `undefined` for none (identity) */
  encoding: Encoding | undefined
  /** the request refused an uncompressed answer (`identity;q=0`, or `*;q=0` without `identity`) */
  identityRefused: boolean
}

/** A q-value as RFC 9110 §12.4.2 writes it: `0`, `0.5`, `1.000`; anything else voids its entry. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/** The weight of one entry's parameters: 1 without `q`, `undefined` for a malformed one. */
function weightOf(parameters: string): number | undefined {
  let weight = 1
  for (const parameter of parameters.split(';')) {
    const equals = parameter.indexOf('=')
    if (equals < 0) continue
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'q') continue
    const value = parameter.slice(equals + 1).trim()
    if (!QVALUE.test(value)) return undefined
    weight = Number(value)
  }
  return weight
}

/**
 * Choose a coding for `header` (an `Accept-Encoding` value; `null`: absent,
 * and then nothing is compressed) among `offered`, in the server's order of
 * preference: the highest q-value wins, ties go to the earlier offer; a coding
 * the header does not name takes `*`'s weight, else it is not acceptable.
 * `x-gzip` is `gzip` (RFC 9110 §8.4.1.3).
 *
 * @example
 * negotiate('gzip;q=0.5, br', ['gzip', 'br']) // { encoding: 'br', identityRefused: false }
 * negotiate('identity;q=0, *', ['gzip'])      // { encoding: 'gzip', identityRefused: true }
 */
export function negotiate(header: string | null, offered: readonly Encoding[]): Negotiated {
  if (header === null) return { encoding: undefined, identityRefused: false }
  const weights = new Map<string, number>()
  let start = 0
  for (let entries = 0; entries < MAX_CODINGS && start <= header.length; entries++) {
    let end = header.indexOf(',', start)
    if (end < 0) end = header.length
    const entry = header.slice(start, end)
    start = end + 1
    const semicolon = entry.indexOf(';')
    let coding = (semicolon < 0 ? entry : entry.slice(0, semicolon)).trim().toLowerCase()
    if (!coding) continue
    if (coding === 'x-gzip') coding = 'gzip'
    const weight = semicolon < 0 ? 1 : weightOf(entry.slice(semicolon + 1))
    // the first entry of a coding counts; a malformed one is ignored
    if (weight !== undefined && !weights.has(coding)) weights.set(coding, weight)
  }
  const any = weights.get('*')
  const identity = weights.get('identity')
  const identityRefused = identity === 0 || (identity === undefined && any === 0)
  let chosen: Encoding | undefined
  let best = 0
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? any ?? 0
    if (weight > best) {
      best = weight
      chosen = encoding
    }
  }
  return { encoding: chosen, identityRefused }
}

/**
 * `negotiate` remembering the last header and offer it was given, and its outcome: a client sends
 * the same `Accept-Encoding` with every request (~0.3 µs an answer less on Bun). The outcome it
 * gives is frozen: it may be the one it gave before.
 *
 * @example
 * const chosen = new LastNegotiated()
 * chosen.of('gzip, br', ['gzip']) // { encoding: 'gzip', identityRefused: false }
 */
export class LastNegotiated {
  #header: string | null = null
  #offered: readonly Encoding[] | undefined = undefined
  #outcome: Readonly<Negotiated> = Object.freeze({ encoding: undefined, identityRefused: false })

  /** The coding for `header` among `offered` (see `negotiate`). */
  of(header: string | null, offered: readonly Encoding[]): Readonly<Negotiated> {
    if (header === this.#header && offered === this.#offered) return this.#outcome
    const outcome = Object.freeze(negotiate(header, offered))
    this.#header = header
    this.#offered = offered
    this.#outcome = outcome
    return outcome
  }
}
