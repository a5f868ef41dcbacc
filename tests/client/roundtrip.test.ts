/**
 * SPEC §9 typed client: every endpoint of the example service round-trips
 * through `createClient`, in-process (`fetch: service.fetch`, document passed
 * in) and over real HTTP (document fetched once from /api/docs/openapi.json);
 * failures reject with ClientError carrying the server's status and message.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ClientError, createClient } from 'fw-api/client'
import type { RunningServer } from 'fw-api'
import { service, type RootAPI } from '../../examples/app'
import { cases, failures, type ExampleClient } from './cases'

let server: RunningServer
let base = ''
let documentLoads = 0

// calc.crash's 500 is reported on purpose: keep it out of the test output.
vi.spyOn(console, 'error').mockImplementation(() => {})

beforeAll(async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server?.close())

const transports: [string, () => ExampleClient][] = [
  ['in-process', () => createClient<typeof RootAPI>({ baseURL: 'http://in.process', fetch: service.fetch, document: service.openapi() })],
  [
    'real HTTP',
    () =>
      createClient<typeof RootAPI>({
        baseURL: base,
        document: '/api/docs/openapi.json',
        fetch: (request) => {
          if (request.url.endsWith('/openapi.json')) documentLoads++
          return fetch(request)
        },
      }),
  ],
]

describe('the cases cover every operation of the example', () => {
  it('one case per x-fw-call', () => {
    const names = Object.values(service.openapi().paths).flatMap((item) => Object.values(item).map((op) => op['x-fw-call']))
    const covered = new Set([...cases, ...failures].map((c) => c.name))
    expect(names.filter((name) => !covered.has(name as string))).toEqual([])
  })
})

describe.each(transports)('client over %s', (transport, make) => {
  let client: ExampleClient
  beforeAll(() => {
    client = make()
  })

  it.each(cases)('$name', async ({ run, expected }) => {
    const started = Date.now()
    expect(await run(client)).toEqual(expected)
    // a hang guard, not a budget (calls take milliseconds; a loaded machine has taken 3 s for the first)
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it.each(failures)('$name rejects with $status', async ({ run, status, message, errors }) => {
    const error = await run(client).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ClientError)
    const failure = error as ClientError
    expect(failure.status).toBe(status)
    if (typeof message === 'string') expect(failure.message).toBe(message)
    else expect(failure.message).toMatch(message)
    // the body carries the message (the envelope's `msg` or the problem's `detail`), and item errors exactly where the case says
    expect(Object.values(failure.body as Record<string, unknown>)).toContain(failure.message)
    expect((failure.errors?.length ?? 0) > 0, 'has item errors').toBe(errors === true)
  })

  if (transport === 'real HTTP') {
    it('fetched the document once', () => {
      expect(documentLoads).toBe(1)
    })
  }
})

describe('client options', () => {
  it('sends default and per-call headers, and names a missing operation', async () => {
    const seen: Headers[] = []
    const client = createClient<typeof RootAPI>({
      baseURL: 'http://x',
      document: service.openapi(),
      headers: () => ({ 'x-auth-token': '123456789012' }),
      fetch: (request) => {
        seen.push(request.headers)
        return service.fetch(request)
      },
    })
    expect(await client.secure.kebab({ xTestHeader: 2 }, { headers: { cookie: 'sessionid=abc' } })).toBe(2)
    expect(seen[0]?.get('x-auth-token')).toBe('123456789012')
    const missing = (client as unknown as { nope: { call(): Promise<unknown> } }).nope.call()
    await expect(missing).rejects.toThrow("no operation 'nope.call'")
  })

  it('rejects clearly when the document cannot be loaded', async () => {
    const client = createClient<typeof RootAPI>({ baseURL: 'http://x', fetch: service.fetch, document: '/nowhere/openapi.json' })
    await expect(client.ping()).rejects.toMatchObject({ name: 'ClientError', status: 404 })
  })
})
