/**
 * The servers bench/compress.mjs drives (127.0.0.1 only), all under
 * @hono/node-server's `serve()` so the server layer is the same:
 * - fw with `compress()` (PORT_FW) and Hono with `hono/compress` (PORT_HONO),
 * - fw with `conditional()` (PORT_CONDITIONAL): an ETag from the bytes, 304 on revalidation,
 * - fw with `conditional({ current })` (PORT_CURRENT): the 304 answered before the method runs,
 * each answering `GET /big` with the same ~64 KB JSON. Prints `ready` once all listen.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { compress as honoCompress } from 'hono/compress'
import { Fw, api } from '../src/index'
import { compress } from '../src/plugins/compress/index'
import { conditional } from '../src/plugins/conditional/index'

/** About 64 KB of JSON (repeated keys: compressible as real API answers are). */
const BIG = Array.from({ length: 390 }, (_, index) => ({
  id: index,
  name: `item number ${index}`,
  tags: ['alpha', 'beta', 'gamma'],
  price: index * 1.25,
  description: 'a compressible description that repeats across every item of the list',
}))

class BenchAPI extends api.API {
  @api.response(null)
  @api.get
  big() {
    return BIG
  }
}

const fw = new Fw({ api: BenchAPI }).use(compress())
const conditionalFw = new Fw({ api: BenchAPI }).use(conditional())
const currentFw = new Fw({ api: BenchAPI }).use(conditional({ current: () => ({ etag: '"v1"' }) }))
const hono = new Hono().use(honoCompress()).get('/big', (c) => c.json(BIG))

const listen = (fetch: (request: Request) => Response | Promise<Response>, port: number): Promise<void> =>
  new Promise((resolve) => serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve()))

await Promise.all([
  listen(fw.fetch, Number(process.env.PORT_FW ?? 3401)),
  listen(hono.fetch, Number(process.env.PORT_HONO ?? 3402)),
  listen(conditionalFw.fetch, Number(process.env.PORT_CONDITIONAL ?? 3403)),
  listen(currentFw.fetch, Number(process.env.PORT_CURRENT ?? 3404)),
])
console.log(`ready ${JSON.stringify(BIG).length} bytes`)
