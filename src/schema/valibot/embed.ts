/**
 * Another library's schema inside a schema fw builds with valibot (the ORM's
 * queries and rows, SPEC §3.6 "orm inputs"): a valibot schema that stands for
 * it through the seam. Its conversion is the library's plan (from its JSON
 * Schema), its check the library's own (fw's one failure wording), its
 * OpenAPI the library's JSON Schema (input and output sides). A valibot
 * schema is used as it is.
 */
import * as v from 'valibot'
import { isThenable } from '../../utils/thenable'
import type { CheckResult, JsonSchemaObject, SchemaAdapter } from '../adapter'
import { describeWith } from '../describers'
import { resolveAdapter } from '../resolve'
import '../standard/describe' // a Standard Schema's JSON Schema: the metadata embedded below
import type { AnySchema } from '../types'
import { isValibotSchema } from './adapter'

/** Options of `embedSchema`. */
export interface EmbedOptions {
  /**
   * the schema fw builds around it is async (`v.pipeAsync`, `v.looseObjectAsync`): a library
   * that answers with a promise (an async refinement) is awaited; otherwise such an answer is a refusal
   */
  readonly async?: boolean
}

type IssueSink = (info: { message: string; path?: [v.IssuePathItem, ...v.IssuePathItem[]] }) => void

/** The library's output, or `never` with the refusal's issues reported on valibot's dataset. */
function settled(result: CheckResult, input: unknown, addIssue: IssueSink, never: never): unknown {
  if (result.ok) return result.value
  for (const issue of result.issues) {
    const items = issue.path.map(
      (key): v.IssuePathItem => ({
        type: 'unknown',
        origin: 'value',
        input,
        key,
        value: undefined,
      }),
    )
    const [first, ...rest] = items
    addIssue({ message: issue.message, path: first ? [first, ...rest] : undefined })
  }
  return never
}

/** The library's JSON Schema for one side, as metadata valibot's JSON Schema writer copies in. */
function described(adapter: SchemaAdapter, schema: unknown, side: 'input' | 'output') {
  let json: JsonSchemaObject = {}
  try {
    json = describeWith(adapter, schema, side)
  } catch {
    // a schema the library cannot describe is documented as `{}` (every value), as for params
  }
  return v.metadata(json)
}

const ASYNC_ANSWER = 'this schema validates asynchronously; declare it where fw awaits it'

/**
 * A valibot schema standing for `schema` (any Standard Schema V1 an adapter owns); a valibot
 * schema itself; `undefined` for a value no adapter owns.
 *
 * @example
 * const min = embedSchema(z.number().int().min(1)) // convert '2' → 2, then zod checks it
 */
export function embedSchema(schema: unknown, options: EmbedOptions = {}): AnySchema | undefined {
  if (isValibotSchema(schema)) return schema
  const adapter = resolveAdapter(schema)
  if (!adapter) return undefined
  const check = adapter.check(schema)
  const input = described(adapter, schema, 'input')
  const output = described(adapter, schema, 'output')
  // The pipe reads as the library's input JSON Schema before the check and its output one after (typeMode).
  const embedded = options.async
    ? v.pipeAsync(
        v.unknown(),
        input,
        v.rawTransformAsync(async ({ dataset, addIssue, NEVER }) =>
          settled(await check(dataset.value), dataset.value, addIssue, NEVER),
        ),
        v.unknown(),
        output,
      )
    : v.pipe(
        v.unknown(),
        input,
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const result = check(dataset.value)
          if (!isThenable(result)) return settled(result, dataset.value, addIssue, NEVER)
          Promise.resolve(result).catch(() => undefined)
          addIssue({ message: ASYNC_ANSWER })
          return NEVER
        }),
        v.unknown(),
        output,
      )
  Object.assign(embedded, { '~fwPlan': adapter.plan(schema) })
  return optionalAsDeclared(adapter, schema, embedded as unknown as AnySchema, options.async)
}

/**
 * `embedded` as an entry of a valibot object: optional when the library takes `undefined`
 * (zod `.optional()`, arktype `string | undefined`), so an absent key is no `required item
 * missing`, and the document does not list it as required — as for `v.optional(s)`. A
 * library default (zod `.default(d)`) is made per absent key by the library itself (its
 * default function called each time, its output unchanged), as valibot makes `v.optional(s, d)`'s.
 */
function optionalAsDeclared(
  adapter: SchemaAdapter,
  schema: unknown,
  embedded: AnySchema,
  async = false,
): AnySchema {
  const presence = adapter.presence(schema)
  if (!presence.optional) return embedded
  const optional = async
    ? (v.optionalAsync(embedded as unknown as v.GenericSchemaAsync) as unknown as AnySchema)
    : v.optional(embedded)
  if (!presence.hasDefault) return optional
  const check = adapter.check(schema)
  const made = (): unknown => {
    const result = check(undefined)
    if (isThenable(result)) {
      Promise.resolve(result).catch(() => undefined)
      return presence.default
    }
    return result.ok ? result.value : presence.default
  }
  // valibot's objects give an absent key its schema's `fallback` (the default is valibot's own)
  return Object.assign(optional, { fallback: made })
}
