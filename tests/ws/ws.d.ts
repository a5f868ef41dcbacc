/**
 * The part of the `ws` package's client tests/ws uses (the package ships no types and
 * `@types/ws` is not installed; crossws bundles its own copy of `ws` for the server side).
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events'
  import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http'

  namespace WebSocket {
    interface ClientOptions {
      origin?: string
      handshakeTimeout?: number
      headers?: Record<string, string>
    }
    type RawData = Buffer | ArrayBuffer | Buffer[]
  }

  class WebSocket extends EventEmitter {
    constructor(address: string, protocols?: string[], options?: WebSocket.ClientOptions)
    /** the subprotocol the server chose ('' for none) */
    readonly protocol: string
    send(data: string | Buffer): void
    close(code?: number, reason?: string): void
    terminate(): void
    on(event: 'message', listener: (data: WebSocket.RawData, isBinary: boolean) => void): this
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this
    on(event: string, listener: (...args: unknown[]) => void): this
    once(event: 'open', listener: () => void): this
    once(event: 'upgrade', listener: (response: IncomingMessage & { headers: IncomingHttpHeaders }) => void): this
    once(event: 'unexpected-response', listener: (request: ClientRequest, response: IncomingMessage) => void): this
    once(event: 'error', listener: (error: Error) => void): this
  }

  export default WebSocket
}
