/**
 * A server bench/compress.mjs drives (127.0.0.1, PORT), one role per process (ROLE):
 * - `pair`: fw's `compress()` and Hono's `hono/compress` (bench/traffic-apps.ts) on this runtime's
 *   server, the same for both — Node: @hono/node-server's `serve()`, Bun: `Bun.serve`, Deno: `Deno.serve`;
 * - `conditional`: fw with `conditional()` — SERVER=`fw`: `service.run()` (fw's Node server),
 *   `node-web`: @hono/node-server's `serve()`;
 * - `current`: fw with `conditional({ current })` under `service.run()`.
 * Prints `listening on http://127.0.0.1:PORT` once it listens.
 */
import { compressPair, conditionalFw, currentFw } from './traffic-apps'

type Fetch = (request: Request) => Response | Promise<Response>
const runtime = globalThis as unknown as {
  Bun?: { serve(options: { port: number; hostname: string; fetch: Fetch }): { port: number } }
  Deno?: { serve(options: { port: number; hostname: string; onListen(): void }, fetch: Fetch): unknown }
  process: { env: Record<string, string | undefined> }
}
const { env } = runtime.process
const port = Number(env.PORT ?? 3401)
const hostname = '127.0.0.1'

/** Serve `fetch` with @hono/node-server's `serve()` (Node). */
async function serveWeb(fetch: Fetch): Promise<void> {
  const { serve } = await import('@hono/node-server')
  await new Promise<void>((resolve) => serve({ fetch, port, hostname }, () => resolve()))
}

const role = env.ROLE ?? 'pair'
if (role === 'pair') {
  if (runtime.Bun) runtime.Bun.serve({ port, hostname, fetch: compressPair })
  else if (runtime.Deno)
    await new Promise<void>((resolve) => runtime.Deno?.serve({ port, hostname, onListen: resolve }, compressPair))
  else await serveWeb(compressPair)
} else if (role === 'conditional' && env.SERVER === 'node-web') {
  await serveWeb(conditionalFw.fetch)
} else {
  await import('../src/serve/index')
  await (role === 'current' ? currentFw : conditionalFw).run({ port, host: hostname, signals: false })
}
console.log(`listening on http://${hostname}:${port}`)
