/**
 * SPEC §9, §9.1: a client generated from the document by third-party tools
 * works against the running service. openapi-typescript turns the documents
 * of examples/app.ts, the blog (examples/blog, PGlite) and the client's
 * safety fixture (a declared file result) into `paths` types; a small
 * openapi-fetch program written against them type-checks (strict), a wrong
 * call does not, and the program calls the services over HTTP: a query, a
 * path param, JSON bodies, a file result.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from 'fw-api'
import { service as example } from '../../examples/app'
import { createBlog } from '../../examples/blog/app'
import { service as safety } from '../client/safety'

const out = fileURLToPath(new URL('../.tmp/generated-client/', import.meta.url))

/** The openapi-fetch program: only what a user of the generated types writes. */
const PROGRAM = `
import createClient from 'openapi-fetch'
import type { paths as ExamplePaths } from './example'
import type { paths as BlogPaths } from './blog'
import type { paths as SafetyPaths } from './safety'

export async function callExample(baseUrl: string) {
  const client = createClient<ExamplePaths>({ baseUrl })
  const sum = await client.GET('/api/calc/add', { params: { query: { a: 1, b: 2 } } })
  const article = await client.GET('/api/article/{slug}', { params: { path: { slug: 'hello-world' } } })
  const created = await client.POST('/api/body/json', { body: { title: 'typed', views: 3 } })
  const refused = await client.GET('/api/calc/add', { params: { query: { a: 1, b: Number.NaN } } })
  const message: string | undefined = refused.error?.msg
  return { sum: sum.data?.data, article: article.data?.data, created: created.data, refused: { status: refused.response.status, message } }
}

export async function callBlog(baseUrl: string) {
  const client = createClient<BlogPaths>({ baseUrl })
  const user = await client.POST('/api/user', { body: { username: 'typed-client' } })
  const id: number | undefined = user.data?.data.id
  const read = await client.GET('/api/user/{id}', { params: { path: { id: id ?? 0 } } })
  const name: string | undefined = read.data?.data.username
  const listed = await client.GET('/api/article', { params: { query: { order: '-createdAt', limit: 5 } } })
  return { created: user.response.status, id, name, listed: Array.isArray(listed.data?.data) }
}

export async function callSafety(baseUrl: string) {
  const client = createClient<SafetyPaths>({ baseUrl })
  const file = await client.GET('/api/hop/blob', { parseAs: 'blob' })
  const blob: Blob | undefined = file.data
  return { type: blob?.type, text: await blob?.text() }
}
`

/** A call the types must refuse: a string for an integer query param, an unknown path. */
const WRONG = `
import createClient from 'openapi-fetch'
import type { paths } from './example'
const client = createClient<paths>({ baseUrl: 'http://localhost' })
void client.GET('/api/calc/add', { params: { query: { a: 'one', b: 2 } } })
void client.GET('/api/calc/nothing')
`

async function generate(name: string, doc: object): Promise<void> {
  await writeFile(join(out, `${name}.d.ts`), astToString(await openapiTS(structuredClone(doc) as never)))
}

/** tsc (strict) diagnostics of one program in `out`. */
function diagnostics(file: string): string[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: true }
  const program = ts.createProgram([join(out, file)], options)
  return ts.getPreEmitDiagnostics(program).map((found) => ts.flattenDiagnosticMessageText(found.messageText, '\n'))
}

interface Program {
  callExample(baseUrl: string): Promise<unknown>
  callBlog(baseUrl: string): Promise<unknown>
  callSafety(baseUrl: string): Promise<unknown>
}

describe('an openapi-typescript + openapi-fetch client', () => {
  const servers: RunningServer[] = []
  let blog: Awaited<ReturnType<typeof createBlog>> | undefined
  const origin = (server: RunningServer | undefined): string => `http://127.0.0.1:${server?.port}`

  beforeAll(async () => {
    await mkdir(out, { recursive: true })
    blog = await createBlog()
    await generate('example', example.openapi())
    await generate('blog', blog.service.openapi())
    await generate('safety', safety.openapi())
    await writeFile(join(out, 'program.ts'), PROGRAM)
    await writeFile(join(out, 'wrong.ts'), WRONG)
    for (const served of [example, blog.service, safety]) servers.push(await served.run({ port: 0, host: '127.0.0.1' }))
  }, 300_000) // PGlite's start is CPU-bound: wide, for a busy machine
  afterAll(async () => {
    for (const server of servers) await server.close()
    await blog?.database.close()
  })

  it('type-checks against the generated types; a wrong call does not', () => {
    expect(diagnostics('program.ts')).toEqual([])
    const wrong = diagnostics('wrong.ts')
    expect(wrong).toHaveLength(2)
    expect(wrong.join('\n')).toMatch(/Type 'string' is not assignable to type 'number'/)
  }, 120_000)

  it('calls the example, the blog and a file result over HTTP', async () => {
    const program = (await import(pathToFileURL(join(out, 'program.ts')).href)) as Program
    expect(await program.callExample(origin(servers[0]))).toEqual({
      sum: 3,
      article: 'hello-world',
      created: { title: 'typed', views: 3, published: false },
      refused: { status: 400, message: expect.stringContaining("parse item: ['b'] failed") },
    })
    expect(await program.callBlog(origin(servers[1]))).toEqual({ created: 200, id: expect.any(Number), name: 'typed-client', listed: true })
    expect(await program.callSafety(origin(servers[2]))).toEqual({ type: expect.stringMatching(/^application\/json/), text: '{"looks":"like json"}' })
  }, 60_000)
})
