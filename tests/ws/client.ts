/**
 * A WebSocket client for tests/ws (the `ws` package: Node 20 has no global WebSocket): messages
 * read in order, the close code and reason, and the HTTP answer of a refused upgrade.
 */
import WebSocket from 'ws'

export interface TestSocket {
  socket: WebSocket
  /** the next message (JSON), or rejects after `ms` */
  next(ms?: number): Promise<unknown>
  send(message: unknown): void
  /** the close code and reason once closed */
  closed: Promise<{ code: number; reason: string }>
  /** the headers of the 101 */
  headers: Record<string, string | string[] | undefined>
}

/** Open `url` (ws://…), offering `protocols`; rejects with the refusal's status when the server answers over HTTP. */
export function connect(url: string, options: WebSocket.ClientOptions & { protocols?: string[] } = {}): Promise<TestSocket> {
  const { protocols = [], ...rest } = options
  const socket = new WebSocket(url, protocols, { handshakeTimeout: 10_000, ...rest })
  const received: unknown[] = []
  const waiting: ((message: unknown) => void)[] = []
  socket.on('message', (data, binary) => {
    const message: unknown = binary ? data : JSON.parse(String(data))
    const waiter = waiting.shift()
    if (waiter) waiter(message)
    else received.push(message)
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  const next = (ms = 10_000): Promise<unknown> => {
    if (received.length) return Promise.resolve(received.shift())
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms)
      waiting.push((message) => {
        clearTimeout(timer)
        resolve(message)
      })
    })
  }
  let headers: TestSocket['headers'] = {}
  socket.once('upgrade', (response) => void (headers = response.headers))
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next, send: (message) => socket.send(JSON.stringify(message)), closed, headers }))
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => void (body += chunk.toString()))
      response.on('end', () => reject(Object.assign(new Error(`refused: ${response.statusCode}`), { status: response.statusCode, body, headers: response.headers })))
    })
    socket.once('error', reject)
  })
}

/** The HTTP status (and body) a refused upgrade is answered with. */
export async function refusal(url: string, options: WebSocket.ClientOptions & { protocols?: string[] } = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  try {
    const opened = await connect(url, options)
    opened.socket.close()
    return { status: 101, body: '', headers: {} }
  } catch (error) {
    const refused = error as { status?: number; body?: string; headers?: Record<string, unknown> }
    if (refused.status === undefined) throw error
    return { status: refused.status, body: refused.body ?? '', headers: refused.headers ?? {} }
  }
}
