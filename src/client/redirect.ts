/**
 * Sending a call and following its redirects by hand (`redirect: 'manual'`):
 * only to the origin the call went to, a bounded number of times, with the
 * fetch standard's method rules. A call's headers (an API key, a token) and
 * body never reach another origin: such a redirect is a `ClientError`.
 */
import { ClientError } from './error'

/** What a call sends, kept re-sendable (string, FormData, URLSearchParams or Blob bodies). */
export interface Outgoing {
  url: URL
  method: string
  headers: Headers
  body: BodyInit | undefined
  signal?: AbortSignal | undefined
}

/** The fetch a client sends with. */
export type Send = (request: Request) => Response | Promise<Response>

/** Redirects followed per call before giving up (browsers allow 20; an API needs few). */
export const MAX_REDIRECTS = 5

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** Headers describing a request body, dropped when a redirect turns the call into a bodiless GET (fetch standard). */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]

function requestOf(outgoing: Outgoing): Request {
  return new Request(outgoing.url, {
    method: outgoing.method,
    headers: outgoing.headers,
    body: outgoing.body,
    redirect: 'manual',
    signal: outgoing.signal ?? null,
  })
}

/** Release a response's connection without reading it. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined)
}

/** The next request of a same-origin redirect: 303 (and 301/302 after a POST) become a GET without the body. */
function redirected(outgoing: Outgoing, status: number, target: URL): Outgoing {
  const toGet =
    (status === 303 && outgoing.method !== 'HEAD') ||
    ((status === 301 || status === 302) && outgoing.method === 'POST')
  if (!toGet) return { ...outgoing, url: target }
  const headers = new Headers(outgoing.headers)
  for (const name of BODY_HEADERS) headers.delete(name)
  return { ...outgoing, url: target, method: 'GET', headers, body: undefined }
}

/**
 * Send `outgoing`, following same-origin redirects; resolve to the final
 * response (any status but a followed redirect).
 *
 * @example
 * const response = await sendFollowing(globalThis.fetch, { url: new URL('http://localhost:8000/api/ping'), method: 'GET', headers: new Headers(), body: undefined })
 */
export async function sendFollowing(send: Send, outgoing: Outgoing): Promise<Response> {
  const origin = outgoing.url.origin
  let current = outgoing
  for (let hops = 0; ; hops++) {
    const response = await send(requestOf(current))
    // A browser hides a manual redirect's status and target from scripts: refuse it rather than guess.
    if (response.type === 'opaqueredirect') {
      throw new ClientError(
        `fw client: ${current.method} ${current.url.pathname} answered with a redirect the browser hides from scripts; the client does not follow redirects it cannot check`,
        0,
        undefined,
        undefined,
      )
    }
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null
    if (location === null) return response
    discard(response)
    let target: URL
    try {
      target = new URL(location, current.url)
    } catch {
      throw new ClientError(
        `fw client: ${response.status} redirect to an invalid location`,
        response.status,
        undefined,
        undefined,
      )
    }
    if (target.origin !== origin) {
      throw new ClientError(
        `fw client: ${response.status} redirect from ${origin} to another origin (${target.origin}) refused: the call's headers and body are not sent there`,
        response.status,
        undefined,
        undefined,
      )
    }
    if (hops >= MAX_REDIRECTS)
      throw new ClientError(
        `fw client: too many redirects (over ${MAX_REDIRECTS}), last to ${target.pathname}`,
        response.status,
        undefined,
        undefined,
      )
    current = redirected(current, response.status, target)
  }
}
