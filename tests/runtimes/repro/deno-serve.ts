/**
 * Bare `Deno.serve`, no fw (docs/runtimes.md "Malformed
 * requests, runtime by runtime"): `/205` answers `new Response(null, { status:
 * 205 })`, `/205-length` the same with `Content-Length: 0`, anything else
 * `ok`. tests/runtimes/repro.test.ts reads the raw answer.
 *
 *   npx deno run -A tests/runtimes/repro/deno-serve.ts
 */
declare const Deno: { serve(options: { port: number; hostname: string; onListen(address: { port: number }): void }, handler: (request: Request) => Response): unknown }

Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`bare Deno.serve listening on http://127.0.0.1:${port} (deno)`) }, (request) => {
  const path = new URL(request.url).pathname
  if (path === '/205') return new Response(null, { status: 205 })
  if (path === '/205-length') return new Response(null, { status: 205, headers: { 'content-length': '0' } })
  return new Response('ok')
})
