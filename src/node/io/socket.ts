/**
 * The stand-in socket under a bridged request/response pair.
 *
 * Node's `ServerResponse` formats its output onto `res.socket`; fw captures the
 * response at the API level (see `response.ts`), so the socket only has to
 * swallow bytes and look alive: body parsers (`on-finished`) treat a request
 * whose socket is not `readable` as already consumed, and Koa checks
 * `socket.writable` before sending.
 */
import type { Duplex } from 'node:stream'
import type { Socket } from 'node:net'
import type { StreamModule } from './runtime'

/** What the socket reports about the (virtual) connection. */
export interface SocketInfo {
  /** client address (`req.ip` in Express, `ctx.ip` in Koa); unknown by default */
  remoteAddress?: string
  remotePort?: number
  /** `true` for https URLs, so `req.protocol` / `ctx.protocol` say `https` */
  encrypted?: boolean
}

/**
 * Create the socket. Reads never produce data (the request body is fed to
 * the IncomingMessage directly) and writes are discarded.
 *
 * @example
 * const socket = createSocket(stream, { encrypted: url.protocol === 'https:' })
 */
export function createSocket(streamModule: StreamModule, info: SocketInfo): Socket {
  const duplex: Duplex = new streamModule.Duplex({
    allowHalfOpen: true,
    // Writes complete at once; a high mark keeps Node's ServerResponse from
    // flagging a 'drain' wait that this socket would never end.
    writableHighWaterMark: 2 ** 30,
    read() {},
    write(_chunk, _encoding, callback) {
      callback()
    },
    final(callback) {
      callback()
    },
  })
  const self = (): Duplex => duplex
  Object.assign(duplex, {
    remoteAddress: info.remoteAddress,
    remotePort: info.remotePort,
    remoteFamily: info.remoteAddress?.includes(':')
      ? 'IPv6'
      : info.remoteAddress
        ? 'IPv4'
        : undefined,
    encrypted: info.encrypted === true ? true : undefined,
    connecting: false,
    readyState: 'open',
    bytesRead: 0,
    bytesWritten: 0,
    setTimeout: self,
    setNoDelay: self,
    setKeepAlive: self,
    ref: self,
    unref: self,
    address: () => ({}),
  })
  // A structural stand-in: it has every member the http machinery and the
  // frameworks touch, but not the whole net.Socket surface TypeScript describes.
  return duplex as Socket
}
