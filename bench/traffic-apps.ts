/**
 * The apps bench/compress.mjs drives, no `node:*` (bench/traffic-server.ts serves them on Node,
 * Bun and Deno, bench/traffic-worker.ts on workerd): fw answers `GET /big` (~64 KB of JSON) and
 * `GET /small` (~1 KB), Hono answers `GET /hono/big` with the same JSON.
 */
import { Hono } from 'hono'
import { compress as honoCompress } from 'hono/compress'
import { Fw, api } from '../src/index'
import { compress } from '../src/plugins/compress/index'
import { conditional } from '../src/plugins/conditional/index'

/** `count` items of JSON (repeated keys: compressible as real API answers are). */
const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index,
    name: `item number ${index}`,
    tags: ['alpha', 'beta', 'gamma'],
    price: index * 1.25,
    description: 'a compressible description that repeats across every item of the list',
  }))

/** About 64 KB of JSON. */
export const BIG = items(390)
/** About 1 KB of JSON. */
export const SMALL = items(6)

class BenchAPI extends api.API {
  @api.response(null)
  @api.get
  big() {
    return BIG
  }

  @api.response(null)
  @api.get
  small() {
    return SMALL
  }
}

const fwCompressed = new Fw({ api: BenchAPI }).use(compress())
/** fw without `compress()` (`/plain/…`): on workerd the runtime compresses its answer as it does Hono's */
const fwPlain = new Fw({ api: BenchAPI, route: 'plain' })
const honoCompressed = new Hono()
  .get('/hono/plain/big', (c) => c.json(BIG))
  .use(honoCompress())
  .get('/hono/big', (c) => c.json(BIG))

/** fw's `compress()` and Hono's `hono/compress` on one fetch: `/hono/…` is Hono's, the rest fw's (the same dispatch for both). */
export function compressPair(request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> {
  if (request.url.includes('/hono/')) return honoCompressed.fetch(request, env, ctx as never)
  return (request.url.includes('/plain/') ? fwPlain : fwCompressed).fetch(request, env, ctx)
}

/** fw with `conditional()`: an ETag from the bytes, 304 on revalidation. */
export const conditionalFw = new Fw({ api: BenchAPI }).use(conditional())
/** fw with `conditional({ current })`: the 304 answered before the method runs. */
export const currentFw = new Fw({ api: BenchAPI }).use(conditional({ current: () => ({ etag: '"v1"' }) }))
