/**
 * Web `Response` → Node `ServerResponse` (fw attached to a Node backend).
 */
import type { ServerResponse } from 'node:http'
import { appendSetCookie } from '../../utils/http'

const TICK = Symbol('tick')

const nextTick = (): Promise<typeof TICK> =>
  new Promise((resolve) =>
    (typeof setImmediate === 'function' ? setImmediate : setTimeout)(() => resolve(TICK)),
  )

/** Resolve on 'drain' or 'close', whichever comes first. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.once('drain', done)
    res.once('close', done)
  })
}

/**
 * Copy status and headers onto `res` (Set-Cookie values appended to any a
 * backend middleware already set; other fw headers win) without sending.
 */
function applyHead(res: ServerResponse, response: Response): void {
  res.statusCode = response.status
  if (response.statusText) res.statusMessage = response.statusText
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  appendSetCookie(res, response.headers.getSetCookie())
}

/**
 * Send `response` through `res`, streaming its body with backpressure. A
 * body that is complete at once (fw's JSON) is sent with a Content-Length;
 * a client that goes away cancels the body.
 *
 * @example
 * await sendResponse(res, await service.fetch(request))
 */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  applyHead(res, response)
  // A declared length is held to (docs/security.md, "Framing integrity"): a body that
  // overruns or falls short of it throws, and the connection is cut, never desynchronised.
  if (res.hasHeader('content-length')) res.strictContentLength = true
  const body = response.body
  if (body === null || res.req?.method === 'HEAD') {
    if (body) body.cancel().catch(() => {})
    res.end()
    return
  }
  const reader = body.getReader()
  let closed = false
  const onClose = (): void => {
    if (res.writableFinished) return
    closed = true
    reader.cancel().catch(() => {})
  }
  res.once('close', onClose)
  try {
    const first = await reader.read()
    if (first.done) {
      res.end()
      return
    }
    const pending = reader.read()
    const quick = await Promise.race([pending, nextTick()])
    if (quick !== TICK && quick.done) {
      // Node sets Content-Length for a single end(chunk).
      res.end(first.value)
      return
    }
    if (!res.write(first.value)) await drained(res)
    let result = quick === TICK ? await pending : quick
    while (!result.done && !closed) {
      if (!res.write(result.value)) await drained(res)
      result = await reader.read()
    }
    if (!closed) res.end()
  } catch {
    // The body stream failed mid-way: cut the connection so the client sees a
    // truncated response instead of a clean end. (No error argument: an
    // unheard 'error' event on res would crash the process.)
    if (!closed) res.destroy()
  } finally {
    res.off('close', onClose)
  }
}
