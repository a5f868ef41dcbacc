/**
 * Bare `Bun.serve`, no fw (docs/runtimes.md "Malformed
 * requests, runtime by runtime"): `/` answers `ok` at once, `/slow` after
 * 50 ms, and every request's body is read first. tests/runtimes/repro.test.ts
 * sends it the bytes that show Bun's bugs.
 *
 *   npx bun tests/runtimes/repro/bun-serve.ts
 */
declare const Bun: { serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): { port: number } }

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const body = await request.text()
    if (new URL(request.url).pathname === '/slow') await new Promise((resolve) => setTimeout(resolve, 50))
    return new Response(`ok ${body.length}`)
  },
})
console.log(`bare Bun.serve listening on http://127.0.0.1:${server.port} (bun)`)
