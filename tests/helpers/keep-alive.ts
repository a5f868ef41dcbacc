/**
 * One keep-alive HTTP/1.1 connection on a raw socket, for framing tests
 * — requests are written one after the other on the same socket
 * and each answer is cut from the byte stream by its own framing
 * (Content-Length, chunked, or the end of the connection), so an answer whose
 * framing lies shows up as a wrong next answer.
 */
import net from 'node:net'

/** One answer read off the connection. */
export interface RawAnswer {
  status: number
  headers: Headers
  body: Buffer
}

/** A keep-alive connection: `send` writes raw request bytes and resolves with the next answer. */
export interface KeepAlive {
  send(request: string): Promise<RawAnswer>
  /** whether the server has closed its side */
  readonly closed: boolean
  close(): void
}

/** The first complete answer in `bytes` and how many bytes it took, or undefined while more is needed. */
function cut(bytes: Buffer, closed: boolean): { answer: RawAnswer; used: number } | undefined {
  const end = bytes.indexOf('\r\n\r\n', 0, 'latin1')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN)
  if (!Number.isInteger(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(bytes.subarray(0, 120).toString('latin1'))}`)
  const headers = new Headers()
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  const start = end + 4
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return { answer: { status, headers, body: Buffer.alloc(0) }, used: start }
  if (/\bchunked\b/i.test(headers.get('transfer-encoding') ?? '')) {
    const parts: Buffer[] = []
    let at = start
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', at, 'latin1')
      if (lineEnd < 0) return undefined
      const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16)
      if (!Number.isInteger(size)) throw new Error('malformed chunk size')
      if (size === 0) {
        const trailerEnd = bytes.indexOf('\r\n\r\n', lineEnd, 'latin1')
        if (trailerEnd < 0) return undefined
        return { answer: { status, headers, body: Buffer.concat(parts) }, used: trailerEnd + 4 }
      }
      if (bytes.length < lineEnd + 2 + size + 2) return undefined
      parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
      at = lineEnd + 2 + size + 2
    }
  }
  const length = headers.get('content-length')
  if (length === null) return closed ? { answer: { status, headers, body: bytes.subarray(start) }, used: bytes.length } : undefined
  const size = Number(length)
  if (bytes.length < start + size) return undefined
  return { answer: { status, headers, body: bytes.subarray(start, start + size) }, used: start + size }
}

/**
 * Open a keep-alive connection to `origin` (http://host:port).
 *
 * @example
 * const connection = await keepAlive(server.origin)
 * const first = await connection.send('GET /a HTTP/1.1\r\nHost: x\r\n\r\n')
 */
export function keepAlive(origin: string, timeoutMs = 10_000): Promise<KeepAlive> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    let buffered = Buffer.alloc(0)
    let closed = false
    let waiting: { resolve(answer: RawAnswer): void; reject(error: Error): void; timer: NodeJS.Timeout } | undefined
    const settle = (): void => {
      if (!waiting) return
      let found: ReturnType<typeof cut>
      try {
        found = cut(buffered, closed)
      } catch (error) {
        const { reject: fail, timer } = waiting
        waiting = undefined
        clearTimeout(timer)
        fail(error as Error)
        return
      }
      if (!found) {
        if (closed) {
          const { reject: fail, timer } = waiting
          waiting = undefined
          clearTimeout(timer)
          fail(new Error(`connection closed before a complete answer (${buffered.length} bytes: ${JSON.stringify(buffered.subarray(0, 200).toString('latin1'))})`))
        }
        return
      }
      buffered = buffered.subarray(found.used)
      const { resolve: done, timer } = waiting
      waiting = undefined
      clearTimeout(timer)
      done(found.answer)
    }
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      settle()
    })
    socket.on('end', () => {
      closed = true
      settle()
    })
    socket.on('close', () => {
      closed = true
      settle()
    })
    socket.on('error', () => {
      closed = true
      settle()
    })
    socket.once('connect', () =>
      resolve({
        get closed() {
          return closed
        },
        send(request) {
          return new Promise<RawAnswer>((done, fail) => {
            const timer = setTimeout(() => {
              waiting = undefined
              fail(new Error(`no complete answer after ${timeoutMs} ms (${buffered.length} bytes buffered: ${JSON.stringify(buffered.subarray(0, 200).toString('latin1'))})`))
            }, timeoutMs)
            waiting = { resolve: done, reject: fail, timer }
            if (!closed) socket.write(request)
            settle()
          })
        },
        close: () => socket.destroy(),
      }),
    )
    socket.once('error', reject)
  })
}
