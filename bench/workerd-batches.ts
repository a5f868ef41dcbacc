/**
 * The Worker that runs in-process batches inside workerd (bench/workerd.mjs times them from
 * outside, by workerd's CPU time): `batchWorker(apps)` for bench/workerd-app.ts (floor, Hono,
 * fw) and bench/compare/worker.ts (two commits' fw). workerd's clocks stand still while a
 * request runs, so the Worker only runs batches:
 *
 * - `GET /check`: every app answers every fixture alike (500 with the difference otherwise);
 *   the answer lists the fixture ids;
 * - `GET /run?app=fw&id=E3&n=1000`: `n` sequential requests of fixture `id` to `app`
 *   (`app=request`: only the `Request`s are built, for the "Request µs" column).
 *
 * The `E3s`, `E4s` rows are requests as the Workers platform delivers them: they
 * carry the `cf` properties of the request that started the batch (fw then reads
 * a sized body whole, issue #26 item 3); every other row is a `Request` built in
 * code, read through the counting reader.
 */
import { assertIdentical, type App } from './harness'
import { type Fixture, makeRequest } from './schemas'

function requestFor(fixture: Fixture, cf: object | undefined): Request {
  return makeRequest(fixture, undefined, fixture.served ? cf : undefined)
}

async function run(app: App | undefined, fixture: Fixture, count: number, cf: object | undefined): Promise<void> {
  if (fixture.served && cf === undefined) throw new Error('no cf on the request that started the batch')
  if (app === undefined) {
    let sink = 0
    for (let i = 0; i < count; i++) sink += requestFor(fixture, cf).method.length
    if (sink < 0) throw new Error('unreachable')
    return
  }
  const reuse = fixture.method === 'GET' ? makeRequest(fixture) : undefined
  for (let i = 0; i < count; i++) {
    const response = await app(reuse ?? requestFor(fixture, cf))
    if (response.status !== fixture.status) throw new Error(`${fixture.id}: status ${response.status}`)
  }
}

/** A Workers module running batches of `fixtures` against `apps` (see the module comment). */
export function batchWorker(apps: Record<string, App>, fixtures: readonly Fixture[]): { fetch(request: Request): Promise<Response> } {
  return {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url)
      const cf = (request as { cf?: object }).cf
      try {
        if (url.pathname === '/check') {
          await assertIdentical(apps, fixtures, (fixture) => requestFor(fixture, cf))
          return new Response(fixtures.map((fixture) => fixture.id).join(','))
        }
        if (url.pathname === '/run') {
          const fixture = fixtures.find((candidate) => candidate.id === url.searchParams.get('id'))
          if (!fixture) return new Response('unknown fixture', { status: 404 })
          const name = url.searchParams.get('app') ?? ''
          const app = name === 'request' ? undefined : apps[name]
          if (name !== 'request' && app === undefined) return new Response('unknown app', { status: 404 })
          await run(app, fixture, Number(url.searchParams.get('n') ?? 1), cf)
          return new Response('ok')
        }
        return new Response('not found', { status: 404 })
      } catch (error) {
        return new Response(error instanceof Error ? error.message : String(error), { status: 500 })
      }
    },
  }
}
