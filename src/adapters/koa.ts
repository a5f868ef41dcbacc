/**
 * fw attached to Koa: a middleware that answers through `ctx`, so upstream
 * middleware (loggers, compression) see fw's status and body as usual.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { attachedRequest, bufferOf, eachHeader } from '../node/native/attach'
import { lightParts, type LightParts } from '../node/native/response'
import { lightResponsesOnNode } from './light'
import { bodyConsumed, reuseBody, type ReusedBody } from '../node/io/reuse'
import { loadStream } from '../node/io/runtime'
import { webToReadable } from '../node/io/streams'
import type { FetchHandler } from '../types'
import type { KoaLike } from './detect'
import type { AttachOptions } from './options'
import { backend } from './backend'
import { isKoaLike } from './detect'
import { callNodeListener } from '../node/io/call'
import { startListener } from '../serve/node'
import { under } from '../router/route-path'
import { pathOf } from '../router/url'
import { appendSetCookie, isNullBodyStatus } from '../utils/http'

/** The slice of Koa's context fw uses. */
export interface KoaContextLike {
  req: IncomingMessage
  res: ServerResponse
  originalUrl: string
  request: { body?: unknown; rawBody?: unknown; files?: unknown }
  status: number
  message: string
  body: unknown
  set(name: string, value: string | string[]): void
  remove(name: string): void
  append?(name: string, value: string | string[]): void
}
type Next = () => Promise<unknown>

/** koa-bodyparser / @koa/bodyparser leave `rawBody` and `body` on ctx.request. */
function koaBody(ctx: KoaContextLike): ReusedBody | undefined {
  if (!bodyConsumed(ctx.req)) return undefined
  return reuseBody(
    ctx.request.body,
    ctx.req.headers['content-type'],
    ctx.request.rawBody,
    ctx.request.files,
  )
}

/** A light answer's body as a Buffer, or a stream over the Web body. */
function koaBodyOf(response: Response, light: LightParts | undefined): unknown {
  const body = light ? light.body : response.body
  if (body === null) return '' // `ctx.body = null` would turn the status into 204
  if (typeof body === 'string' || body instanceof Uint8Array) return bufferOf(body)
  return webToReadable(loadStream('attaching fw to Koa'), body)
}

/**
 * Hand fw's answer to Koa: status, then body, then headers (Koa's body setter
 * rewrites some); a light one (`lightParts`) with its string or bytes as they are.
 */
function respond(ctx: KoaContextLike, response: Response): void {
  const light = lightParts(response)
  ctx.status = response.status
  if (!light && response.statusText) ctx.message = response.statusText
  if (!isNullBodyStatus(response.status)) ctx.body = koaBodyOf(response, light)
  let typed = false
  const cookies = eachHeader(response, light, (name, value) => {
    if (name === 'content-type') typed = true
    ctx.set(name, value)
  })
  // Koa's own default type for strings and streams must not stand in for fw's.
  if (!typed) ctx.remove('Content-Type')
  if (ctx.append) for (const cookie of cookies) ctx.append('Set-Cookie', cookie)
  else appendSetCookie(ctx.res, cookies)
}

/**
 * The middleware. A fw 404 (with its body unread) lets the following Koa
 * middleware try; if none of them answers either, fw's 404 is sent.
 *
 * @example
 * app.use(koaMiddleware(service.fetch, '/api', {}))
 */
function koaMiddleware(
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): (ctx: KoaContextLike, next: Next) => Promise<void> {
  const fallthrough = options.fallthrough ?? true
  lightResponsesOnNode()
  return async (ctx, next) => {
    if (options.live?.() === false || !under(route, pathOf(ctx.originalUrl))) {
      await next()
      return
    }
    const web = attachedRequest(ctx.req, { url: ctx.originalUrl, body: koaBody(ctx), res: ctx.res })
    const response = await fetch(web.request, { incoming: ctx.req, outgoing: ctx.res })
    // asked after fw ran: a 404 after reading the body is fw's to send
    if (fallthrough && response.status === 404 && !web.bodyStarted) {
      await next()
      // Koa's "nobody answered" state: status 404 and no body.
      if (ctx.status !== 404 || (ctx.body !== undefined && ctx.body !== null)) {
        await response.body?.cancel().catch(() => {})
        return
      }
    }
    respond(ctx, response)
  }
}

/** Koa apps: attached with `app.use(middleware)`, served by `http.createServer(app.callback())`, mounted through the Node bridge. */
export const koaBackend = backend<KoaLike>({
  name: 'koa',
  is: isKoaLike,
  attach: (app, fetch, route, options) => {
    app.use(koaMiddleware(fetch, route, options))
    return app
  },
  run: (app, fetch, where) => startListener(app.callback(), where, fetch),
  mount: (app, options) => {
    // Koa composes its middleware when callback() is called: do it at the first request.
    let listener: ReturnType<typeof app.callback> | undefined
    return (request) => callNodeListener((listener ??= app.callback()), request, options)
  },
})
