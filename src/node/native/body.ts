/**
 * The native Node path's body read (see ./request): the body of an
 * `IncomingMessage` as one buffer, taken whole where node:http buffered it,
 * gathered from its events where it is still arriving.
 */
import type { IncomingMessage } from 'node:http'

/**
 * The request's body as one buffer, straight from node:http, handed to `use`
 * in the same promise step: what it already received whole (node:http stops
 * at the Content-Length, and buffers the chunks of a body nobody reads yet)
 * is taken in one `read()`; a body still arriving is gathered from its `data`
 * events. A read that fails rejects with `fail(error)`; what `use` throws
 * rejects as it is.
 */
export function readIncoming<T>(
  incoming: IncomingMessage,
  use: (body: Uint8Array) => T,
  fail: (error: unknown) => unknown,
): Promise<T> {
  // The handler runs once node:http has parsed the head; the body in the same
  // socket read is buffered right after it returns, before this microtask runs.
  return AFTER_PARSE.then(() => {
    if (!hasWholeBody(incoming))
      return arriving(incoming).then(use, (error: unknown) => Promise.reject(fail(error)))
    let body: Uint8Array
    try {
      body = received(incoming)
    } catch (error) {
      throw fail(error)
    }
    return use(body)
  })
}

const AFTER_PARSE = Promise.resolve()
const EMPTY = new Uint8Array(0)

/** Has node:http buffered the whole body, unread: the request complete, or its Content-Length's bytes all there? */
function hasWholeBody(incoming: IncomingMessage): boolean {
  if (incoming.destroyed || incoming.readableDidRead || incoming.readableFlowing) return false
  if (incoming.complete) return true
  // node's header object is built already (node:http reads it before the request event)
  const headers = incoming.headers
  const length = headers['content-length']
  return (
    length !== undefined &&
    headers['transfer-encoding'] === undefined &&
    incoming.readableLength === Number(length)
  )
}

/** Set on a request whose whole body was taken before node:http parsed its end (see `received`). */
const TAKEN = Symbol('taken')

/**
 * The whole body node:http buffered (see `hasWholeBody`; an empty body reads
 * as null). Its end may be parsed only after this runs (node:http runs the
 * microtasks between the body and the end): the request is then set flowing,
 * so it still ends and closes, and marked, so its answer does not wait for
 * more of it (see `bodyTaken`).
 */
function received(incoming: IncomingMessage & { [TAKEN]?: boolean }): Uint8Array {
  const body = (incoming.read() as Uint8Array | null) ?? EMPTY
  if (!incoming.complete) {
    incoming[TAKEN] = true
    incoming.resume()
  }
  return body
}

/**
 * Whether all of `incoming`'s body was read by the native path before
 * node:http parsed its end: nothing more of it is coming.
 *
 * @example
 * if (!incoming.complete && !bodyTaken(incoming)) outgoing.on('finish', linger)
 */
export function bodyTaken(incoming: IncomingMessage): boolean {
  return (incoming as { [TAKEN]?: boolean })[TAKEN] === true
}

/** The body gathered as it arrives (see `readIncoming`). */
function arriving(incoming: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const data = (chunk: Buffer): void => void chunks.push(chunk)
    const done = (): void => {
      incoming.off('data', data)
      incoming.off('end', end)
      incoming.off('error', fail)
      incoming.off('close', closed)
    }
    const end = (): void => {
      done()
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    }
    const fail = (error: Error): void => {
      done()
      reject(error)
    }
    const closed = (): void =>
      incoming.readableEnded ? end() : fail(new Error('request body closed before it was complete'))
    if (incoming.readableEnded) return resolve(EMPTY)
    if (incoming.destroyed) return reject(new Error('request body closed before it was complete'))
    incoming.on('data', data)
    incoming.once('end', end)
    incoming.once('error', fail)
    incoming.once('close', closed)
  })
}
