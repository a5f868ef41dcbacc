/**
 * The one Host check (docs/architecture.md, "Runtimes at the edge"): what a
 * request's Host header is worth for building its URL. Every place that reads
 * a Host asks here: the dispatcher where the runtime puts the raw Host in the
 * URL (Deno), the Node request stand-ins (served and attached).
 */

/** Characters that never appear in a usable Host (RFC 3986 reg-name / IP literal, port). */
const BAD_HOST = /[^A-Za-z0-9.\-_~:[\]%!$&'()*+,;=]/
/** A Host the URL parser keeps as is (lower case, no escapes; a port in the usual range). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/
/** A dotted-quad IPv4 address the URL parser keeps as it is (any other host ending in a number it rewrites). */
const CANONICAL_IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::|$)/
/** The host's last label ends in a digit or looks hexadecimal, or a label is punycode: the URL parser may rewrite it. */
const REWRITTEN_HOST = /(?:^|\.)(?:0x[0-9a-f]*|[^.:]*\d)(?::|$)|xn--/

/**
 * What a Host header is worth: `'plain'` — the URL parser keeps it as it is,
 * so `scheme://host/path` is the URL; `'parse'` — the parser may rewrite it
 * (upper case, a number, punycode, an IP literal): build the URL with `new URL`
 * and compare; `'bad'` — a character no Host has (`/`, `@`, space, …): a 400.
 *
 * @example
 * hostKind('127.0.0.1:8000') // 'plain'
 * hostKind('Example.COM')    // 'parse'
 * hostKind('a/admin')        // 'bad'
 */
export function hostKind(host: string): 'plain' | 'parse' | 'bad' {
  if (PLAIN_HOST.test(host) && (CANONICAL_IPV4.test(host) || !REWRITTEN_HOST.test(host)))
    return 'plain'
  return usableHost(host) ? 'parse' : 'bad'
}

/**
 * Is `host` free of the characters no Host has (`hostKind(host) !== 'bad'`, the one regex run)?
 *
 * @example
 * usableHost('a/admin') // false
 */
export function usableHost(host: string): boolean {
  return !BAD_HOST.test(host)
}
