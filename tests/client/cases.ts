/**
 * One call per endpoint of the example service (examples/app.ts) through the
 * typed client, with the result the server gives. Shared by the in-process
 * and the real-HTTP round trips.
 */
import type { Client } from 'fw-api/client'
import type { RootAPI } from '../../examples/app'

export type ExampleClient = Client<typeof RootAPI>

/** A call through the client and what it must resolve to. */
export interface Case {
  /** the operation's `x-fw-call` */
  name: string
  run: (client: ExampleClient) => Promise<unknown>
  expected: unknown
}

const auth = { authToken: '123456789012', sessionid: 's1' }
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export const cases: Case[] = [
  { name: 'calc.status', run: (c) => c.calc.status({ code: 202 }), expected: null },
  { name: 'hooks.notes.read', run: (c) => c.hooks.notes.read({ name: 'first' }), expected: 'hello' },
  { name: 'hooks.list', run: (c) => c.hooks.list(), expected: ['first'] },
  { name: 'hooks.bare', run: (c) => c.hooks.bare(), expected: { bare: true } },
  { name: 'hooks.events', run: async (c) => new Response((await c.hooks.events()) as ReadableStream).text(), expected: 'retry: 1000\n\nevent: tick\ndata: {"n":1}\n\nevent: tick\nid: 2\ndata: {"n":2}\n\ndata: two\ndata: lines\n\n' },
  {
    name: 'hooks.forever',
    run: async (c) => {
      const reader = ((await c.hooks.forever()) as ReadableStream<Uint8Array>).getReader()
      const first = await reader.read()
      await reader.cancel()
      return new TextDecoder().decode(first.value).startsWith('data: 0') || new TextDecoder().decode(first.value).startsWith(':')
    },
    expected: true,
  },
  { name: 'hooks.closed', run: async (c) => typeof (await c.hooks.closed()), expected: 'number' },
  { name: 'calc.add', run: (c) => c.calc.add({ a: 1.5, b: 2.1 }), expected: 3 },
  { name: 'calc.time', run: (c) => c.calc.time(), expected: '2025-04-15 16:38:30' },
  { name: 'calc.created', run: (c) => c.calc.created({ value: 5 }), expected: { value: 5 } },
  { name: 'calc.raw', run: (c) => c.calc.raw(), expected: 'plain text' },
  { name: 'article.feed', run: (c) => c.article.feed(), expected: [] },
  { name: 'article.getArticle', run: (c) => c.article.getArticle({ slug: 'hello-world' }), expected: 'hello-world' },
  { name: 'article.get', run: (c) => c.article.get({ id: 3 }), expected: 3 },
  { name: 'docs.getDoc', run: (c) => c.docs.getDoc({ lang: 'zh', page: 3 }), expected: { lang: 'zh', page: 3 } },
  { name: 'docs.getItem', run: (c) => c.docs.getItem({ code: 'abc' }), expected: 'abc' },
  { name: 'docs.getFile', run: (c) => c.docs.getFile({ path: 'a/b c/README.md' }), expected: 'a/b c/README.md' },
  { name: 'query.alias', run: (c) => c.query.alias({ clsName: 'tech', page: 3 }), expected: { tech: 3 } },
  { name: 'query.doc', run: (c) => c.query.doc({ query: { lang: 'en', page: 2 } }), expected: { lang: 'en', page: 2 } },
  { name: 'query.search', run: (c) => c.query.search({ filter: { tag: 'ts' } }), expected: 'ts' },
  { name: 'query.list', run: (c) => c.query.list({ q: 'x y', tags: ['a', 'b'], limit: 5 }), expected: { q: 'x y', tags: ['a', 'b'], limit: 5 } },
  {
    name: 'secure.operation',
    run: (c) => c.secure.operation({ ...auth, headers: { authToken: auth.authToken, meta: { version: 1.2 } } }),
    expected: ['123456789012', { version: 1.2 }, 's1', null],
  },
  { name: 'secure.kebab', run: (c) => c.secure.kebab({ ...auth, xTestHeader: 7 }), expected: 7 },
  { name: 'secure.jar', run: (c) => c.secure.jar({ ...auth, jar: { sessionid: 's1', theme: 'dark' } }), expected: { sessionid: 's1', theme: 'dark' } },
  { name: 'body.article', run: (c) => c.body.article({ data: { title: 't', views: 2, published: false } }), expected: { title: 't', views: 2, published: false } },
  { name: 'body.json', run: (c) => c.body.json({ data: { title: 't', views: 0, published: true } }), expected: { title: 't', views: 0, published: true } },
  { name: 'body.form', run: (c) => c.body.form({ data: { name: 'n', age: 3 } }), expected: { name: 'n', age: 3 } },
  { name: 'body.batch', run: (c) => c.body.batch({ items: [{ title: 'a', views: 1, published: false }, { title: 'b', views: 0, published: false }] }), expected: [1, 0] },
  { name: 'body.fields', run: (c) => c.body.fields({ title: 't', views: 4 }), expected: { title: 't', views: 4 } },
  { name: 'body.html', run: (c) => c.body.html({ html: '<p>hi</p>' }), expected: 9 },
  {
    name: 'body.upload',
    run: (c) => c.body.upload({ form: { name: 'n', files: [new File(['abc'], 'a.txt', { type: 'text/plain' }), new File(['de'], 'b.txt')] } }),
    expected: { name: 'n', files: [{ name: 'a.txt', size: 3, text: 'abc' }, { name: 'b.txt', size: 2, text: 'de' }] },
  },
  { name: 'body.image', run: (c) => c.body.image({ image: new Blob([png], { type: 'image/png' }) }), expected: { type: 'image/png', size: 8 } },
  { name: 'ping', run: (c) => c.ping(), expected: 'pong' },
]

/** Calls that must reject, with the status and the server's message. */
export const failures: { name: string; run: (client: ExampleClient) => Promise<unknown>; status: number; message: string | RegExp; errors?: boolean }[] = [
  { name: 'calc.add', run: (c) => c.calc.add({ a: 'x' as never, b: 2 }), status: 400, message: "BadRequest: parse item: ['a'] failed: invalid number: 'x'" },
  { name: 'docs.getItem', run: (c) => c.docs.getItem({ code: 'ABC' }), status: 400, message: /^BadRequest: parse item: \['code'\] failed: invalid value: 'ABC'/, errors: true },
  { name: 'docs.getDoc', run: (c) => c.docs.getDoc({ lang: 'fr' as never, page: 1 }), status: 400, message: /^BadRequest: parse item: \['lang'\]/, errors: true },
  { name: 'body.html', run: (c) => c.body.html({ html: 'x'.repeat(101) }), status: 413, message: /^RequestEntityTooLarge/ },
  { name: 'hooks.fail', run: (c) => c.hooks.fail(), status: 403, message: 'nope' },
  { name: 'calc.missing', run: (c) => c.calc.missing({ id: '7' }), status: 404, message: 'NotFound: no item 7' },
  { name: 'calc.crash', run: (c) => c.calc.crash(), status: 500, message: 'InternalServerError' },
  { name: 'secure.kebab', run: (c) => c.secure.kebab({ xTestHeader: 1 }), status: 400, message: /^BadRequest: parse item: \['X-Auth-Token'\]/, errors: true },
]
