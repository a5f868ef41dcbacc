/**
 * An HTTP/1.1 client on a raw socket for answers a server gives before it has
 * read the request body (413, 415): the server then closes with request bytes
 * unread, its kernel sends RST, and a client still writing the body sees
 * `write ECONNRESET`. undici's fetch then fails the request even when the
 * answer had already arrived.
 *
 * Here the whole request is handed to the socket in one write, before the
 * server can have answered, so any later write of its remainder happens in
 * libuv after the pending reads of the same poll: the answer is always read
 * before the reset is seen, and the request resolves with it. Only a
 * connection that ends without a complete answer rejects.
 */
import net from 'node:net'

/** A complete HTTP/1.1 answer at the start of `bytes` (1xx answers skipped), or undefined while more is needed. */
export function parseAnswer(bytes: Buffer, closed: boolean): Response | undefined {
  let start = 0
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start, 'latin1')
    if (end < 0) return undefined
    const [statusLine = '', ...lines] = bytes.subarray(start, end).toString('latin1').split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN)
    if (!Number.isInteger(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine.slice(0, 100))}`)
    const headers = new Headers()
    for (const line of lines) {
      const colon = line.indexOf(':')
      if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
    }
    if (status < 200) {
      start = end + 4
      continue
    }
    const rest = bytes.subarray(end + 4)
    const body = /\bchunked\b/i.test(headers.get('transfer-encoding') ?? '') ? unchunk(rest) : sized(rest, headers.get('content-length'), closed)
    if (body === undefined) return undefined
    headers.delete('transfer-encoding')
    const empty = status === 204 || status === 304
    return new Response(empty ? null : new Uint8Array(body), { status, headers })
  }
}

function sized(rest: Buffer, length: string | null, closed: boolean): Buffer | undefined {
  if (length === null) return closed ? rest : undefined // delimited by the end of the connection
  const size = Number(length)
  return rest.length >= size ? rest.subarray(0, size) : undefined
}

/** The decoded body of a complete chunked encoding, or undefined while it is incomplete. */
function unchunk(rest: Buffer): Buffer | undefined {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', at, 'latin1')
    if (lineEnd < 0) return undefined
    const size = Number.parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16)
    if (!Number.isInteger(size)) throw new Error('malformed chunk size in the answer')
    const dataStart = lineEnd + 2
    if (size === 0) {
      // the last chunk, then optional trailer lines, then an empty line
      const ended = rest.subarray(dataStart, dataStart + 2).toString('latin1') === '\r\n' || rest.indexOf('\r\n\r\n', dataStart, 'latin1') >= 0
      return ended ? Buffer.concat(parts) : undefined
    }
    if (rest.length < dataStart + size + 2) return undefined
    parts.push(rest.subarray(dataStart, dataStart + size))
    at = dataStart + size + 2
  }
}

/** The request's head and body as the bytes of one HTTP/1.1 request (`chunked`: Transfer-Encoding chunked in 16 KiB chunks, no Content-Length). */
async function encode(request: Request, chunked: boolean): Promise<Buffer> {
  const url = new URL(request.url)
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
  const head = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: close']
  request.headers.forEach((value, name) => head.push(`${name}: ${value}`))
  if (body === undefined) return Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1')
  if (!chunked) return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\ncontent-length: ${body.length}\r\n\r\n`, 'latin1'), body])
  const parts = [Buffer.from(`${head.join('\r\n')}\r\ntransfer-encoding: chunked\r\n\r\n`, 'latin1')]
  for (let offset = 0; offset < body.length; offset += 16 * 1024) {
    const chunk = body.subarray(offset, offset + 16 * 1024)
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`, 'latin1'), chunk, Buffer.from('\r\n', 'latin1'))
  }
  parts.push(Buffer.from('0\r\n\r\n', 'latin1'))
  return Buffer.concat(parts)
}

/**
 * Send `request` on a fresh connection (one write, `Connection: close`) and
 * resolve with the server's answer, even when the server reset the connection
 * after answering. Rejects when no complete answer arrived within `timeoutMs`.
 *
 * @example const response = await earlyAnswer(new Request(`${origin}/upload`, { method: 'POST', body: big }), { timeoutMs: 10_000 })
 */
export async function earlyAnswer(request: Request, options: { chunked?: boolean; timeoutMs: number }): Promise<Response> {
  const url = new URL(request.url)
  if (url.protocol !== 'http:') throw new Error(`earlyAnswer speaks plain HTTP only, not ${url.protocol}`)
  const bytes = await encode(request, options.chunked ?? false)
  return new Promise<Response>((resolve, reject) => {
    const socket = net.connect(Number(url.port || 80), url.hostname)
    const received: Buffer[] = []
    let settled = false
    let failure: Error | undefined
    const settle = (closed: boolean): void => {
      if (settled) return
      let answer: Response | undefined
      try {
        answer = parseAnswer(Buffer.concat(received), closed)
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error))
        closed = true
      }
      if (!answer && !closed) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      if (answer) resolve(answer)
      else reject(new Error(`the connection ended without a complete answer (${Buffer.concat(received).length} bytes received)`, { cause: failure }))
    }
    const timer = setTimeout(() => {
      failure = new Error(`no complete answer within ${options.timeoutMs} ms`)
      settle(true)
    }, options.timeoutMs)
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      settle(false)
    })
    socket.on('error', (error) => {
      failure = error
      settle(true)
    })
    socket.on('close', () => settle(true))
    socket.on('connect', () => void socket.write(bytes))
  })
}
