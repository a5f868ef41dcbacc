/**
 * One schema, four libraries, the same answers (SPEC §3.6, §4): the example's
 * schema endpoints written in valibot, zod, arktype and effect
 * (fixtures/library-schemas.ts, served side by side by fixtures/libraries.ts)
 * answer every case of cases-libraries.ts with the same status, Content-Type
 * and body, in-process and over real HTTP on Node (native and Web paths),
 * Bun, Deno and workerd — except a refusal's message text, which is each
 * library's own (SPEC §3.6, turn 5): fw's own reasons (`required item missing`,
 * `invalid number: 'x'`) are compared as bytes, a library's words are not.
 * Where a library keeps no trace of what valibot's answer shows (arktype's key
 * order, zod's and effect's refusal of a list for an object), docs/api.md says
 * so and the answer fw gives is asserted here.
 *
 *   npx vitest run tests/runtimes/libraries.test.ts
 *   FW_RUNTIMES=node,bun,deno,workerd npx vitest run tests/runtimes/libraries.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIBRARY_WORDS, withoutLibraryWords } from '../helpers/library-words'
import type { Case, FormPart } from './cases'
import { libraryCases } from './cases-libraries'
import { answer } from './exchange'
import { service } from './fixtures/libraries'
import { runtimes, startServer, type Server } from './runtimes'

const START_MS = 60_000
const LIBRARIES = ['valibot', 'zod', 'arktype', 'effect'] as const
type Library = (typeof LIBRARIES)[number]

/** What a client compares: status, Content-Type and the body bytes (as text). */
interface Bytes {
  status: number
  contentType: string | null
  body: string
}

/**
 * The answers that differ from valibot's, with the reason (docs/api.md, "Where
 * libraries differ"): the exact body fw gives, by case name and library.
 */
const DIFFERENT: Readonly<Record<string, Partial<Record<Library, string>>>> = {
  // arktype keeps an object's keys in its own order (required keys, then optional ones, each sorted)
  'Body from XML': { arktype: '{"title":"t","published":true,"views":2}' },
  'Body from text/xml': { arktype: '{"title":"t","published":true,"views":2}' },
  'Body from urlencoded': { arktype: '{"title":"t","published":true,"views":4}' },
  'Body from multipart': { arktype: '{"title":"m","published":true,"views":0}' },
  // arktype lists several failing items in its own key order (required keys first)
  'a cookie outside its options, the other missing': {
    arktype: problemOf(
      "BadRequest: parse item: ['jar'] failed: parse item: ['sessionid'] failed: required item missing",
      '{"in":"cookie","name":"sessionid","path":["sessionid"],"message":"required item missing"},{"in":"cookie","name":"theme","path":["theme"],"message":"library words"}',
    ),
  },
  // valibot and arktype take a list where an object is declared (then name its missing keys); zod and effect refuse the list itself
  'a list where an object is declared': {
    zod: problem("['data']", LIBRARY_WORDS, 'body', 'data', '"data"'),
    effect: problem("['data']", LIBRARY_WORDS, 'body', 'data', '"data"'),
  },
}

function problemOf(detail: string, errors: string): string {
  return `{"type":"about:blank","title":"Bad Request","status":400,"detail":"${detail}","errors":[${errors}]}`
}

/** A 400 problem body naming one item: `chain` is the `parse item` chain after the first `['`. */
function problem(chain: string, message: string, place: string, name: string, path: string): string {
  return problemOf(`BadRequest: parse item: ${chain} failed: ${message}`, `{"in":"${place}","name":"${name}","path":[${path}],"message":"${message}"}`)
}

/** The answer with a library's words taken out of a 400 problem body (tests/helpers/library-words.ts). */
function wordsOut(bytes: Bytes): Bytes {
  if (bytes.status !== 400 || bytes.contentType !== 'application/problem+json') return bytes
  return { ...bytes, body: withoutLibraryWords(bytes.body) }
}

/** The case under one library's prefix: `/api/x` → `/api/zod/x`. */
function under(library: Library, c: Case): Case {
  return { ...c, path: c.path.replace(/^\/api\//, `/api/${library}/`) }
}

function formData(parts: [string, FormPart][]): FormData {
  const form = new FormData()
  for (const [key, part] of parts) {
    if (typeof part === 'string') form.append(key, part)
    else form.append(key, new Blob([part.name], { type: part.type ?? 'application/octet-stream' }), part.file)
  }
  return form
}

/** The case's request, for `service.fetch` in-process. */
function requestOf(c: Case): Request {
  const headers = new Headers(c.headers)
  let body: BodyInit | undefined = c.body
  if (c.json !== undefined) {
    body = JSON.stringify(c.json)
    headers.set('content-type', 'application/json')
  } else if (c.form) body = formData(c.form)
  return new Request(`http://in.process${c.path}`, { method: c.method, headers, body })
}

type Send = (c: Case) => Promise<Bytes>

const inProcess: Send = async (c) => {
  const response = await service.fetch(requestOf(c))
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() }
}

function overHttp(origin: () => string | undefined): Send {
  return async (c) => {
    const served = origin()
    if (!served) throw new Error('the libraries fixture did not start')
    const answered = await answer(served, c)
    const contentType = answered.headers.find(([name]) => name === 'content-type')?.[1] ?? null
    return { status: answered.status, contentType, body: new TextDecoder().decode(new Uint8Array(answered.body)) }
  }
}

function replay(send: Send): void {
  it.each(libraryCases)('$method $path: $name', async (c) => {
    const [valibot, ...others] = await Promise.all(LIBRARIES.map((library) => send(under(library, c))))
    if (!valibot) throw new Error('no answer from valibot')
    expect(valibot.status, `valibot answered ${valibot.body.slice(0, 300)}`).toBe(c.expect.status)
    const expected = (library: Library): Bytes => {
      const body = DIFFERENT[c.name]?.[library]
      return body === undefined ? valibot : { ...valibot, body }
    }
    for (const [index, library] of LIBRARIES.slice(1).entries()) {
      const other = others[index]
      expect(other && wordsOut(other), library).toEqual(wordsOut(expected(library)))
    }
  })
}

describe('in-process (service.fetch)', () => {
  replay(inProcess)

  it('every documented difference is a case of the list', () => {
    const names = new Set(libraryCases.map((c) => c.name))
    expect(Object.keys(DIFFERENT).filter((name) => !names.has(name))).toEqual([])
  })
})

describe.each(runtimes)('over HTTP on $label', (runtime) => {
  let server: Server | undefined
  beforeAll(async () => {
    const entry = runtime.name === 'workerd' ? 'tests/runtimes/fixtures/libraries-worker.ts' : 'tests/runtimes/fixtures/libraries-server.ts'
    server = await startServer(runtime, entry, START_MS)
  }, START_MS + 10_000)
  afterAll(async () => {
    await server?.stop()
  }, 15_000)

  replay(overHttp(() => server?.origin))
})
