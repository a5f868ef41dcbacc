/**
 * Issue 59: fw-api/ws names no Node module (a Worker bundles it without nodejs_compat:
 * tests/ws/workers.test.ts); crossws's Node adapter is loaded by fw-api/serve. Without that entry,
 * `ws.attachWebSocket` says what to import when called, not on the first upgrade.
 */
import { EventEmitter } from 'node:events'
import { api, Fw } from 'fw-api'
import { ws } from 'fw-api/ws'
import { describe, expect, it } from 'vitest'

class EchoAPI extends api.API {
  @ws.socket('echo')
  async echo(socket: ws.Socket) {
    for await (const message of socket) socket.send(message)
  }
}

describe('fw-api/ws without fw-api/serve', () => {
  it('ws.attachWebSocket throws, naming the import it needs', () => {
    const service = new Fw({ api: EchoAPI })
    const server = new EventEmitter() as unknown as ws.UpgradeServer
    expect(() => ws.attachWebSocket(server, service)).toThrow(/import 'fw-api\/serve'/)
  })
})
