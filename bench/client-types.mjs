/**
 * Type-checking budget of the typed client (SPEC §9, issues #12 and #23): a
 * generated 200-endpoint API plus a client calling every endpoint must
 * type-check in under 1.3× the time of the API alone (wire types at any
 * depth, `api.Input` inputs, field endpoints and `this.respond` results included).
 *
 *   node bench/client-types.mjs [--endpoints 200] [--runs 3]
 *
 * Writes bench/.tmp/client-types/{api.ts,api-only.ts,with-client.ts}, runs
 * `tsc --noEmit` on each entry (median of --runs, the two interleaved), prints both times and the ratio,
 * and exits 1 when the ratio is 1.3 or more.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dir = join(root, 'bench/.tmp/client-types')
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name)
  return index < 0 ? fallback : Number(process.argv[index + 1])
}
const endpoints = arg('--endpoints', 200)
const runs = arg('--runs', 3)
const perClass = 10
const classes = Math.ceil(endpoints / perClass)

/** Endpoint shapes, cycled: path, query, body, headers, files, wire input + nested dates, field endpoint, respond(). */
const shapes = [
  (i) => [`@api.get('{id}', { id: v.pipe(v.number(), v.integer()) })`, `e${i}({ id }: { id: number }) { return { id, name: 'x' } }`, `{ id: 1 }`],
  (i) => [`@api.get({ q: v.string(), page: v.optional(v.number(), 1) })`, `e${i}(p: { q: string; page: number }) { return [p.q] }`, `{ q: 'a', page: 2 }`],
  (i) => [`@api.post({ data: request.Body(Item) })`, `e${i}({ data }: { data: v.InferOutput<typeof Item> }) { return data }`, `{ data: { title: 't', tags: [] } }`],
  (i) => [`@api.get({ token: request.HeaderParam({ alias: 'X-Token' }) })`, `async e${i}({ token }: { token: string }) { return token.length }`, `{ token: 't' }`],
  (i) => [`@api.post({ form: request.Form(v.object({ name: v.string(), file: file.File })) })`, `e${i}({ form }: { form: { name: string; file: file.UploadedFile } }) { return form.name }`, `{ form: { name: 'n', file: new Blob([]) } }`],
  (i) => [`@api.get(listParams)`, `e${i}(p: api.Input<typeof listParams>) { return { at: new Date(), items: [{ when: new Date(), n: p.limit }], byKey: {} as Record<string, Date> } }`, `{}`],
  (i) => [``, `e${i} = api.get('{id}', { id: v.number(), page: v.optional(v.number(), 1), note: request.QueryParam({ default: '' }) }, ({ id, page }) => ({ id, page, at: new Date() }), { doc: { summary: 'field' } })`, `{ id: 1 }`],
  (i) => [`@api.post({ data: request.Body(Item) })`, `e${i}({ data }: { data: v.InferOutput<typeof Item> }) { return this.respond({ ...data, created: new Date() }, { status: 201, count: 1 }) }`, `{ data: { title: 't', tags: [] } }`],
]

function generate() {
  const lines = [`import * as v from 'valibot'`, `import { Fw, api, file, request } from 'fw-api'`, ``, `const Item = v.object({ title: v.string(), tags: v.array(v.string()) })`, `const listParams = { tag: v.optional(v.string()), limit: v.optional(v.number(), 10) }`, ``]
  const calls = []
  let n = 0
  for (let c = 0; c < classes; c++) {
    lines.push(`class Api${c} extends api.API {`)
    for (let e = 0; e < perClass && n < endpoints; e++, n++) {
      const [decorator, method, input] = shapes[n % shapes.length](n)
      if (decorator) lines.push(`  ${decorator}`)
      lines.push(`  ${method}`)
      calls.push(`  await client.a${c}.e${n}(${input})`)
    }
    lines.push(`}`, ``)
  }
  lines.push(`export class RootAPI extends api.API {`)
  for (let c = 0; c < classes; c++) lines.push(`  static a${c} = Api${c}`)
  lines.push(`}`, ``, `export const service = new Fw(import.meta.url, { api: RootAPI, route: '/api' })`, ``)
  return { api: lines.join('\n'), calls }
}

function tsconfig(entry) {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable', 'esnext.decorators'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      verbatimModuleSyntax: true,
      paths: { 'fw-api': [join(root, 'src/index.ts')], 'fw-api/*': [join(root, 'src/*/index.ts')] },
    },
    files: [entry],
  }
}

/** One `tsc --noEmit` of a project: its wall time in ms. */
function once(name) {
  const project = join(dir, `tsconfig.${name}.json`)
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  const started = performance.now()
  execFileSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' })
  return performance.now() - started
}

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]

mkdirSync(dir, { recursive: true })
const { api, calls } = generate()
writeFileSync(join(dir, 'api.ts'), api)
writeFileSync(join(dir, 'api-only.ts'), `import { service } from './api'\nexport default service\n`)
writeFileSync(
  join(dir, 'with-client.ts'),
  [`import { createClient } from 'fw-api/client'`, `import type { RootAPI } from './api'`, ``, `const client = createClient<typeof RootAPI>({ baseURL: 'http://localhost:8000' })`, `export async function all(): Promise<void> {`, ...calls, `}`, ``].join('\n'),
)
for (const name of ['api-only', 'with-client']) writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify(tsconfig(`./${name === 'api-only' ? 'api-only' : 'with-client'}.ts`), null, 2))

// Interleaved, so a change in the machine's load hits both sides alike.
const times = { 'api-only': [], 'with-client': [] }
for (let run = 0; run < runs; run++) for (const name of Object.keys(times)) times[name].push(once(name))
const apiOnly = median(times['api-only'])
const withClient = median(times['with-client'])
const ratio = withClient / apiOnly
console.log(`endpoints: ${endpoints}, runs: ${runs} (median wall time of tsc --noEmit)`)
console.log(`API alone:        ${apiOnly.toFixed(0)} ms`)
console.log(`API + client:     ${withClient.toFixed(0)} ms`)
console.log(`ratio:            ${ratio.toFixed(2)}× (budget < 1.3×)`)
process.exitCode = ratio < 1.3 ? 0 : 1
