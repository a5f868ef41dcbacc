/**
 * Fixtures: a small API whose endpoints redirect where the
 * call says (`hop.away`), echo what reached them (`hop.echo`), take path
 * params (`hop.file`, `hop.item`) and answer bodies of a declared kind
 * (`hop.blob`) or stream 100 MB lazily (`hop.huge`); and a recorder, a bare `node:http` server that counts every
 * connection and request reaching it (the "other origin" of the tests).
 */
import 'fw-api/openapi'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { Fw, api, request, response } from 'fw-api'

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
  static countKey = 'count'
  static stateKey = 'state'
}

const hopParams = {
  to: v.string(),
  code: v.pipe(v.number(), v.integer()),
  token: request.HeaderParam({ alias: 'X-Auth-Token' }),
  data: request.Body(v.object({ secret: v.string() })),
}

const echoParams = {
  token: request.HeaderParam({ alias: 'X-Auth-Token', default: null }),
  data: request.Body(v.optional(v.object({ secret: v.string() }))),
}

/** What reached an echo endpoint. */
export interface Echo {
  method: string
  token: string | null
  key: string | null
  secret: string | null
}

export class HopAPI extends api.API {
  static response = Envelope

  @api.post(hopParams)
  away({ to, code }: api.Input<typeof hopParams>) {
    return new Response(null, { status: code, headers: { location: to } })
  }

  @api.get({ to: v.string(), code: v.pipe(v.number(), v.integer()) })
  hopGet({ to, code }: { to: string; code: number }) {
    return new Response(null, { status: code, headers: { location: to } })
  }

  @api.get
  loop() {
    return new Response(null, { status: 302, headers: { location: '/api/hop/loop' } })
  }

  @api.post('echo', echoParams)
  echo({ token, data }: api.Input<typeof echoParams>): Echo {
    return { method: this.request.method, token, key: this.request.headers.get('x-api-key'), secret: data?.secret ?? null }
  }

  @api.get('echo', { token: request.HeaderParam({ alias: 'X-Auth-Token', default: null }) })
  echoGet({ token }: { token: string | null }): Echo {
    return { method: this.request.method, token, key: this.request.headers.get('x-api-key'), secret: null }
  }

  @api.get('file/{path}', { path: request.FilePathParam })
  file({ path }: { path: string }) {
    return path
  }

  @api.get('item/{slug}')
  item({ slug }: { slug: string }) {
    return slug
  }

  @api.get
  page() {
    return this.respond(['a', 'b'], { count: 7, state: 'ok' })
  }

  /** 100 MB of JSON whitespace, produced only as fast as the reader pulls. */
  @api.get
  huge() {
    let produced = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= 100 * 1024 * 1024) return controller.close()
        produced += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    return new Response(body, { headers: { 'content-type': 'application/json' } })
  }

  @api.doc({ result: v.blob() })
  @api.get
  blob(): Blob {
    return new Blob(['{"looks":"like json"}'], { type: 'application/json' })
  }
}

export class SafetyAPI extends api.API {
  static hop = HopAPI
}

export const service = new Fw(import.meta.url, { name: 'safety', api: SafetyAPI, route: '/api', docs: true })

/** A server that records what reaches it and answers with `answer`. */
export interface Recorder {
  origin: string
  connections: number
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[]
  close(): Promise<void>
}

/**
 * Start a recorder on 127.0.0.1 (an ephemeral port: an origin of its own).
 *
 * @example
 * const other = await recorder((req, res) => res.end('{}'))
 */
export async function recorder(answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":"recorded","msg":""}')): Promise<Recorder> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() })
      answer(req, res)
    })
  })
  server.on('connection', () => state.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const state: Recorder = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return state
}
