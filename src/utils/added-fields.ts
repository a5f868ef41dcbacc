/**
 * A response that can take header fields fw built itself without making its `Headers` carries a
 * method under this key (fw's light responses on its Node server, docs/runtimes.md "Node: the
 * native path"): the fields are written with its head as they are. Used for the fields pending on
 * a request (`context.responseHeaders`: a rate limit's `RateLimit-Policy` and `RateLimit`, ~300 ns
 * less per request than appending them to the light headers: bench/RESULTS-rate-limit.md).
 *
 * The fields are a flat `[name, value, …]` list of lower-case names the response does not hold
 * yet, each once, with values fw made; the response keeps the list (its caller lets go of it).
 * The method answers false when it does not take them (its headers were asked for already, or a
 * name is one it holds): append them to `headers` then. Anything that reads the headers later
 * sees them there.
 *
 * @example
 * const taken = (response as Partial<FieldsAdding>)[ADD_FIELDS]?.(['ratelimit', '"default";r=9;t=60'])
 */
export const ADD_FIELDS: unique symbol = Symbol('fw.addFields')

/** The method under `ADD_FIELDS`. */
export interface FieldsAdding {
  [ADD_FIELDS](fields: readonly string[]): boolean
}
