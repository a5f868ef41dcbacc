/**
 * Misplaced decorators and non-schema params (casts included) are
 * `exceptions.ImproperlyConfigured` when the service is built, naming class,
 * member and fix (SPEC §1) — under standard decorators
 * (esbuild) and `experimentalDecorators` (TypeScript's own output). TypeScript
 * reports the misplacements with a branded type naming what is expected.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { Fw, exceptions, type api } from 'fw-api'
import * as standard from './misplaced-fixture'
import { fromConfig, program } from '../helpers/typescript'
import { CHECK_MS } from '../helpers/time'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = join(root, 'tests/.tmp/misplaced')
const fixture = join(root, 'tests/api/misplaced-fixture.ts')

const refused: [keyof typeof standard, RegExp][] = [
  ['FieldEndpoint', /^FieldEndpoint\.list: @api\.get is on a field; write it as a method: `list\(input\) \{ … \}`$/],
  ['StaticEndpoint', /^StaticEndpoint\.item: @api\.get is on a static method; remove `static`: endpoints are instance methods/],
  ['GetterEndpoint', /^GetterEndpoint\.count: @api\.get is on a (getter|accessor); write it as a method/],
  ['RouteOnMethod', /^RouteOnMethod\.items: @api\.route\('items'\) is on a method; it sets an API class's path prefix: put it on the class, or give the endpoint its path with @api\.get\('items'\)$/],
  ['PluginOnMethod', /^PluginOnMethod\.items: @api\.plugin\(RequestId\) is on a method; it attaches a plugin to an API class and its sub-APIs: put it on the class/],
  ['HookOnField', /^HookOnField\.check: @api\.before is on a field; it goes on an instance method of an API class$/],
  ['CastBody', /^CastBody\.create\(\): param 'data': request\.Body\(\) takes a valibot schema, got a plain object \(keys: title\); a cast does not make it a schema: write request\.Body\(v\.object\(\{ … \}\)\)$/],
  ['CastQuery', /^CastQuery\.list\(\): param 'query': request\.Query\(\) takes a valibot schema, got a plain object \(keys: page\)/],
  ['ShapeAsOptions', /^ShapeAsOptions\.create\(\): param 'title': a param marker takes \(schema\?, options\?\): got a plain object \(keys: title\); a cast does not make it a schema where a valibot schema or the options go: wrap the fields in v\.object/],
  ['SchemaAsParams', /^SchemaAsParams\.item\(\): params must be an object with one entry per param \(\{ id: v\.number\(\) \}\), not one valibot schema/],
  ['CastParam', /^CastParam\.item\(\): param 'id' must be a valibot schema \(e\.g\. v\.string\(\)\) or a request marker \(e\.g\. request\.HeaderParam\(\)\), got a plain object \(keys: type\); a cast does not make it a schema$/],
  ['CastCommon', /^CastCommon\.token: param 'token': a param marker takes \(schema\?, options\?\): got a plain object \(keys: alias, schema\)/],
  ['Parent', /^FieldEndpoint\.list: @api\.get is on a field/],
]

function builds(fixtures: Record<string, unknown>, name: string): () => Fw {
  return () => new Fw({ api: fixtures[name] as api.APIClass })
}

describe.each([
  { variant: 'standard decorators (esbuild)', load: async () => standard as Record<string, unknown> },
  {
    variant: 'experimentalDecorators (tsc)',
    load: async () => {
      await mkdir(out, { recursive: true })
      const source = await readFile(fixture, 'utf8')
      const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, experimentalDecorators: true, useDefineForClassFields: false }
      const { outputText } = ts.transpileModule(source, { fileName: 'misplaced-fixture.ts', compilerOptions: options })
      expect(outputText).toContain('__decorate(')
      await writeFile(join(out, 'legacy.js'), outputText)
      return (await import(pathToFileURL(join(out, 'legacy.js')).href)) as Record<string, unknown>
    },
  },
])('$variant', ({ load }) => {
  let fixtures: Record<string, unknown> = {}
  beforeAll(async () => {
    fixtures = await load()
  })

  it.each(refused)('%s is ImproperlyConfigured at build', (name, message) => {
    expect(builds(fixtures, name)).toThrow(exceptions.ImproperlyConfigured)
    expect(builds(fixtures, name)).toThrow(message)
  })

  it('a well-placed endpoint builds and serves', async () => {
    const response = await builds(fixtures, 'Fine')().fetch(new Request('http://x/item?id=3'))
    expect(await response.json()).toBe(3)
  })
})

describe('what TypeScript says (instead of TS1241 "Unable to resolve signature")', () => {
  it.each([
    { variant: 'standard decorators', options: { experimentalDecorators: false }, seesFields: true },
    // a legacy member decorator cannot tell a field from a method with no descriptor: the hook on a field is left to the build
    { variant: 'experimentalDecorators', options: { experimentalDecorators: true, useDefineForClassFields: false }, seesFields: false },
  ])('$variant: a branded type names what is expected', async ({ options, seesFields }) => {
    await mkdir(out, { recursive: true })
    // The fixture without its @ts-expect-error lines, so the errors show.
    const source = (await readFile(fixture, 'utf8')).split('\n').filter((line) => !line.includes('@ts-expect-error')).join('\n')
    const file = join(out, `unchecked-${options.experimentalDecorators ? 'legacy' : 'tc39'}.ts`)
    await writeFile(file, source)
    const parsed = fromConfig(join(root, 'tsconfig.json'), { ...options, noEmit: true })
    const checked = program([file], parsed.options)
    const lines = source.split('\n')
    const errors = ts.getPreEmitDiagnostics(checked).map((d) => {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1
      return `${(lines[line] ?? '').trim()} → ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`
    })
    const expected = [
      /^@api\.get → Decorator function return type (is )?'EndpointMethodExpected<\{\}>'/,
      /^@api\.get\(\{ id: v\.number\(\) \}\) → Decorator function return type 'EndpointMethodExpected<\{ readonly id: number; \}>'/,
      /^@api\.get → Decorator function return type 'EndpointMethodExpected<\{\}>'/,
      /^@api\.route\('items'\) → Decorator function return type 'ClassDecoratorExpected<"@api\.route">'/,
      /^@api\.plugin\(new plugins\.RequestId\(\)\) → Decorator function return type 'ClassDecoratorExpected<"@api\.plugin">'/,
      /^@api\.get\(\{ id: v\.number\(\) \}\) → Decorator function return type 'EndpointMethodExpected<\{ readonly id: number; \}>'/,
      ...(seesFields ? [/^@api\.before\('\*'\) → /] : []),
    ]
    expect(errors).toHaveLength(expected.length)
    errors.forEach((error, index) => expect(error).toMatch(expected[index] as RegExp))
    await rm(file)
  }, CHECK_MS)
})
