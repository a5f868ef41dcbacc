/**
 * Fastify, both ways: mounted in fw through its request injection, and fw
 * attached to it as an encapsulated plugin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { attachedRequest, bufferOf, eachHeader } from '../node/native/attach'
import { lightParts } from '../node/native/response'
import { lightResponsesOnNode } from './light'
import { loadBuffer } from '../node/io/runtime'
import { readableToWeb } from '../node/io/streams'
import type { FetchHandler } from '../types'
import type { FastifyLike } from './detect'
import { ImproperlyConfigured } from '../exceptions'
import { isAsync, type AttachOptions } from './options'
import { HOP_BY_HOP, isNullBodyStatus } from '../utils/http'
import { backend } from './backend'
import { isFastifyLike } from './detect'
import { listenFramework } from '../serve/node'

/** The parts of Fastify's request and reply fw touches. */
interface FastifyRequestLike {
  raw: IncomingMessage
}
interface FastifyReplyLike {
  raw: ServerResponse
  code(status: number): unknown
  header(name: string, value: string | string[]): unknown
  send(payload?: unknown): unknown
  callNotFound(): unknown
}
/** An encapsulated Fastify instance inside `register`. */
interface FastifyScope {
  all(
    path: string,
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => unknown,
  ): unknown
  addContentTypeParser(
    type: string,
    parser: (
      request: unknown,
      payload: unknown,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): unknown
  removeAllContentTypeParsers?(): unknown
}

/**
 * A fetch handler that answers through `app.inject()` (no socket; Fastify 5).
 *
 * @example
 * const handler = fastifyFetch(fastify())
 * await handler(new Request('http://localhost/health'))
 */
export function fastifyFetch(app: FastifyLike): FetchHandler {
  let ready: PromiseLike<unknown> | undefined
  return async (request) => {
    await (ready ??= app.ready())
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    // Fastify buffers bodies up to its bodyLimit anyway; a Buffer payload keeps inject simple.
    const payload = request.body
      ? loadBuffer('mounting a Fastify instance').Buffer.from(await request.arrayBuffer())
      : undefined
    const injected = await app.inject({
      method: request.method,
      url: url.pathname + url.search,
      headers,
      payload,
      payloadAsStream: true,
      signal: request.signal,
    })
    const out = new Headers()
    for (const [name, value] of Object.entries(injected.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      if (Array.isArray(value)) for (const item of value) out.append(name, item)
      else out.append(name, String(value))
    }
    const status = injected.statusCode
    let body: BodyInit | null = null
    if (request.method !== 'HEAD' && !isNullBodyStatus(status)) {
      // `stream()` with payloadAsStream (Fastify 5); `rawPayload` otherwise.
      const streamed: unknown = injected.stream?.()
      if (streamed) body = readableToWeb(streamed as Readable).stream
      else if (injected.rawPayload) body = new Uint8Array(injected.rawPayload)
    }
    return new Response(body, {
      status,
      statusText: injected.statusMessage || undefined,
      headers: out,
    })
  }
}

/** The URL patterns fw claims under `route` (Fastify's `/x/*` also matches `/x/`). */
function patterns(route: string): string[] {
  return route === '' ? ['/*'] : [route, `${route}/*`]
}

/**
 * Register fw in `app` under `route`, in an encapsulated plugin whose only
 * content-type parser accepts everything unread, so fw gets the raw body
 * whatever Fastify's own parsers would have done. Fastify's static routes
 * still win over these wildcards.
 *
 * @example
 * attachFastify(app, service.fetch, '/api', {})
 * await app.listen({ port: 3000 })
 */
export function attachFastify(
  app: FastifyLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): FastifyLike {
  lightResponsesOnNode()
  const run = async (request: FastifyRequestLike, reply: FastifyReplyLike): Promise<unknown> => {
    if (options.live?.() === false) return reply.callNotFound()
    const req = request.raw
    const { request: webRequest } = attachedRequest(req, { url: req.url, res: reply.raw })
    const response = await fetch(webRequest, { incoming: req, outgoing: reply.raw })
    const light = lightParts(response)
    reply.code(response.status)
    let typed = false
    const cookies = eachHeader(response, light, (name, value) => {
      if (name === 'content-type') typed = true
      reply.header(name, value)
    })
    if (cookies.length > 0) reply.header('set-cookie', [...cookies])
    // A light answer's bytes as they are (a string would get a charset added to its JSON type; one without a type, Fastify's: as a stream).
    if (light && (light.body === null || typed))
      return reply.send(light.body === null ? undefined : bufferOf(light.body))
    // Fastify >= 4.x sends Web ReadableStreams itself.
    return reply.send(response.body ?? undefined)
  }
  const handler = !isAsync(options, true)
    ? (request: FastifyRequestLike, reply: FastifyReplyLike): void => {
        run(request, reply).catch((error: unknown) => reply.send(error))
      }
    : run
  const plugin = async (scope: FastifyScope): Promise<void> => {
    scope.removeAllContentTypeParsers?.()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    for (const pattern of patterns(route)) scope.all(pattern, handler)
  }
  try {
    app.register(plugin)
  } catch (error) {
    throw new ImproperlyConfigured(
      `could not register fw in Fastify (call __as__/adapt before app.listen() or app.ready()): ${String(error)}`,
    )
  }
  return app
}

/** Fastify instances: fw as an encapsulated plugin, served by `app.listen()` (with fw's timeouts), mounted through `inject()`. */
export const fastifyBackend = backend<FastifyLike>({
  name: 'fastify',
  is: isFastifyLike,
  attach: attachFastify,
  run: (app, fetch, where) =>
    listenFramework(
      app.server,
      () => app.listen({ port: where.port, host: where.hostname }),
      () => app.close(),
      where,
      fetch,
    ),
  mount: (app) => fastifyFetch(app),
})
