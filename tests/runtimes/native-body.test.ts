/**
 * The native Node path's body read (src/node/native/request.ts): a body
 * node:http already received whole is taken in one read (no `data`
 * listener per request); one still arriving is gathered from its events;
 * a request whose client left before its body was complete is refused,
 * never left waiting. The linger of an unread body is added only when needed.
 */
import http from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { nativeRequest } from '../../src/node/native/request'
import { continueOnRead } from '../../src/serve/node-linger'
import { nativeListener } from '../../src/serve/node-native'

type Handler = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => void

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => (server.close(resolve), server.closeAllConnections()))))
})

async function serve(handler: Handler): Promise<number> {
  const server = http.createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

/** Send `parts` on one connection (a pause between them) and return what came back. */
function exchange(port: number, parts: string[], pause = 30): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    const rest = [...parts]
    const next = (): void => {
      const part = rest.shift()
      if (part === undefined) return
      socket.write(part)
      setTimeout(next, pause)
    }
    next()
  })
}

const head = (length: number): string => `POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`

/** A listener answering with the body's text and the `data` listeners the read added. */
const echo: Handler = (incoming, outgoing) => {
  let listeners = 0
  const on = incoming.on.bind(incoming)
  incoming.on = ((event: string, listener: (...args: unknown[]) => void) => {
    if (event === 'data') listeners++
    return on(event, listener)
  }) as typeof incoming.on
  nativeRequest(incoming, 'localhost', outgoing).text().then(
    (text) => outgoing.end(JSON.stringify({ text, listeners })),
    (error: unknown) => outgoing.end(JSON.stringify({ error: String(error) })),
  )
}

const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

describe('native Node path: request body', () => {
  it('reads a body received with its head in one read, adding no data listener', async () => {
    const port = await serve(echo)
    const body = 'é'.repeat(3) + 'x'.repeat(100)
    const answer = await exchange(port, [head(Buffer.byteLength(body)) + body])
    expect(bodyOf(answer)).toEqual({ text: body, listeners: 0 })
  })

  it('ends the request after a body taken in one read, as a read through its events does', async () => {
    const port = await serve((incoming, outgoing) => {
      const ended = new Promise((resolve) => incoming.once('end', resolve))
      void nativeRequest(incoming, 'localhost', outgoing).text().then(async (text) => {
        await ended
        outgoing.end(text)
      })
    })
    const answer = await exchange(port, [head(3) + 'abc'])
    expect(answer.endsWith('\r\n\r\nabc')).toBe(true)
  })

  it('gathers a body still arriving after the head, whole and in order', async () => {
    const port = await serve(echo)
    const answer = await exchange(port, [head(9), 'abc', 'def', 'ghi'])
    expect(bodyOf(answer)).toEqual({ text: 'abcdefghi', listeners: 1 })
  })

  it('refuses the body of a request whose client left before it was complete, once it is asked for', async () => {
    let settled: (value: string) => void = () => {}
    const outcome = new Promise<string>((resolve) => (settled = resolve))
    const port = await serve((incoming, outgoing) => {
      // read only after the connection is gone: no event will come any more
      outgoing.on('close', () => {
        nativeRequest(incoming, 'localhost', outgoing).text().then(() => settled('read'), () => settled('refused'))
      })
    })
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head(10) + 'abc')
      setTimeout(() => socket.destroy(), 30)
    })
    socket.on('error', () => {})
    expect(await outcome).toBe('refused')
  })

  it('adds the lingering close only for a request whose body is still arriving when the answer is sent', async () => {
    const finishListeners: number[] = []
    const listener = nativeListener(() => new Response('ok'), { debug: false, linger: true })
    const port = await serve((incoming, outgoing) => {
      listener(incoming, outgoing)
      finishListeners.push(outgoing.listenerCount('finish'))
    })
    // answered at once, before node:http has seen the end of the request: no body to wait for, no linger
    await exchange(port, ['GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'])
    // the body is announced but never sent: the answer goes out first, then the connection lingers and closes
    const unread = await exchange(port, ['POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n'])
    expect(unread).toContain('ok')
    expect(finishListeners).toHaveLength(2)
    expect(finishListeners[1]).toBe((finishListeners[0] ?? 0) + 1)
  })

  it('sends no 100 Continue after the answer when the body came with an Expect: 100-continue head', async () => {
    const port = await serve(nativeListener((request) => request.text().then((text) => new Response(text)), { debug: false, linger: true }))
    continueOnRead(servers[0] as http.Server)
    const body = '{"a":"x"}'
    const answer = await exchange(port, [`POST / HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`])
    expect(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4)).toBe(body)
    expect(answer.indexOf('HTTP/1.1 100')).toBeLessThanOrEqual(0)
  })
})
