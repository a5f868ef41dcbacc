/**
 * valibot behind the schema seam (schema/adapter.ts): fw's first adapter.
 * Conversion is planned from valibot's schema objects (plan.ts), checks run
 * valibot's own `~run` (as `safeParse` does), JSON Schema comes from `@valibot/to-json-schema`.
 */
import type { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import type {
  Check,
  CheckResult,
  JsonSchemaObject,
  Presence,
  SchemaAdapter,
  SchemaIssue,
} from '../adapter'
import { MAX_SCHEMA_ISSUES } from '../adapter'
import { ImproperlyConfigured } from '../../exceptions'
import { issueKeys, reasonOf } from '../issues'
import type { AnySchema } from '../types'
import { unwrap } from '../walk'
import { planValibot } from './plan'
import { valibotWireJson } from './wire-json'

// One issue per failing item (not per failing pipe action), every item listed.
const CONFIG = { abortPipeEarly: true } as const

/**
 * Is this a valibot schema? valibot marks its schemas `kind: 'schema'` with a
 * `~run`, and names itself in `~standard.vendor`. fw's file schemas are
 * callable (`file.Image({ maxSize })`): functions count too.
 */
export function isValibotSchema(schema: unknown): schema is AnySchema {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return false
  const shape = schema as { kind?: unknown; '~run'?: unknown; '~standard'?: { vendor?: unknown } }
  return (
    shape.kind === 'schema' &&
    typeof shape['~run'] === 'function' &&
    (shape['~standard'] === undefined || shape['~standard'].vendor === 'valibot')
  )
}

/** valibot's issues in the seam's one shape, at most `MAX_SCHEMA_ISSUES`. */
export function valibotIssues(issues: readonly v.BaseIssue<unknown>[]): SchemaIssue[] {
  return issues
    .slice(0, MAX_SCHEMA_ISSUES)
    .map((issue) => ({ message: reasonOf(issue), path: issueKeys(issue) }))
}

/** valibot's outcome of one run (what `safeParse` reads of it) in the seam's shape. */
function resultOf(dataset: v.OutputDataset<unknown, v.BaseIssue<unknown>>): CheckResult {
  return dataset.issues
    ? { ok: false, issues: valibotIssues(dataset.issues) }
    : { ok: true, value: dataset.value }
}

/**
 * valibot's own validation of a converted value (async schemas awaited): the schema's `~run`,
 * as `safeParse` calls it, with the configuration made once here (valibot's global configuration
 * as it is when the schema is compiled, plus fw's) instead of once per call.
 */
function checkValibot(schema: AnySchema): Check {
  const config = v.getGlobalConfig(CONFIG)
  if ((schema as { async?: boolean }).async === true) {
    const asyncSchema = schema as unknown as v.GenericSchemaAsync
    return async function checkValibotAsync(value) {
      return resultOf(await asyncSchema['~run']({ value }, config))
    }
  }
  return function checkValibotValue(value) {
    return resultOf(schema['~run']({ value }, config))
  }
}

function presenceOf(schema: AnySchema): Presence {
  const seen = unwrap(schema)
  return {
    optional: seen.optional,
    nullable: seen.nullable,
    hasDefault: seen.hasDefault,
    default: seen.default,
  }
}

/** The schema of a param declared without one (SPEC §3: an omitted schema means `v.string()`). */
export const STRING_SCHEMA: AnySchema = v.string()

/** The schema of an object param declared without one (no entries; unknown keys dropped). */
export const EMPTY_OBJECT_SCHEMA: AnySchema = v.object({})

/**
 * `v.email()` / `v.rfcEmail()` accept less than JSON Schema's `format: email`
 * (RFC 5321: `a!b@example.com`, quoted local parts, IP domains): the regex
 * the server checks is documented beside the format (SPEC §9.1, every rule
 * the server enforces is in the schema). Another regex action already holds
 * `pattern`: the email's goes into an `allOf`.
 */
function emailPattern({
  valibotAction,
  jsonSchema,
}: {
  valibotAction: { type: string; requirement?: unknown }
  jsonSchema: object
}): JsonSchemaObject | undefined {
  const { type, requirement } = valibotAction
  if ((type !== 'email' && type !== 'rfc_email') || !(requirement instanceof RegExp))
    return undefined
  if (requirement.flags.includes('i')) return undefined // no case-insensitive pattern in JSON Schema
  const described = jsonSchema as JsonSchemaObject
  if (described.pattern === undefined) return { ...described, pattern: requirement.source }
  const allOf = Array.isArray(described.allOf) ? described.allOf : []
  return { ...described, allOf: [...allOf, { pattern: requirement.source }] }
}

/**
 * `@valibot/to-json-schema`, registered by the `fw-api/openapi` entry: describing schemas is for
 * documents only, so the core leaves the writer out (SPEC §5.2).
 */
const jsonSchemaWriter: { write?: typeof toJsonSchema } = {}

/**
 * Describe valibot schemas with `write` (called by the `fw-api/openapi` entry when imported).
 *
 * @example registerValibotJsonSchema(toJsonSchema)
 */
export function registerValibotJsonSchema(write: typeof toJsonSchema): void {
  jsonSchemaWriter.write ??= write
}

/** The valibot adapter. */
export const valibotAdapter: SchemaAdapter<AnySchema> = {
  vendor: 'valibot',
  owns: isValibotSchema,
  plan: planValibot,
  check: checkValibot,
  describe(schema, side, options = {}): JsonSchemaObject {
    const override = options.override
    const toJsonSchema = jsonSchemaWriter.write
    if (toJsonSchema === undefined)
      throw new ImproperlyConfigured(
        "describing a valibot schema as JSON Schema needs `import 'fw-api/openapi'`",
      )
    return toJsonSchema(schema, {
      target: 'draft-2020-12',
      errorMode: 'ignore',
      typeMode: side,
      // the caller's knowledge first (a component, a file), then what fw adds for valibot (wire-json.ts)
      overrideSchema: (context) => {
        const sub = context.valibotSchema as AnySchema
        const json = context.jsonSchema as JsonSchemaObject
        return override?.(sub, json) ?? valibotWireJson(sub, json)
      },
      overrideAction: emailPattern,
    }) as JsonSchemaObject
  },
  presence: presenceOf,
}
