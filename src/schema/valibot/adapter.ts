/**
 * valibot behind the schema seam (schema/adapter.ts): fw's first adapter.
 * Conversion is planned from valibot's schema objects (plan.ts), checks run
 * valibot's own `~run` (as `safeParse` does), JSON Schema comes from `@valibot/to-json-schema`
 * (schema/valibot/describe.ts, registered by `fw-api/openapi`).
 */
import { isFunction } from '../../utils/is'
import * as v from 'valibot'
import type { Check, CheckResult, SchemaAdapter, SchemaIssue } from '../adapter'
import { MAX_SCHEMA_ISSUES } from '../adapter'
import { issueKeys, reasonOf } from '../issues'
import type { AnySchema } from '../types'
import { presenceThrough, wrapperTypes } from '../walk'
import { planValibot } from './plan'

// One issue per failing item (not per failing pipe action), every item listed.
const CONFIG = { abortPipeEarly: true } as const

/**
 * Is this a valibot schema? valibot marks its schemas `kind: 'schema'` with a
 * `~run`, and names itself in `~standard.vendor`. fw's file schemas are
 * callable (`file.Image({ maxSize })`): functions count too.
 */
export function isValibotSchema(schema: unknown): schema is AnySchema {
  // a primitive holds no `kind` (read through its prototype, like any value's)
  const shape = schema as {
    kind?: unknown
    '~run'?: unknown
    '~standard'?: { vendor?: unknown }
  } | null
  return (
    shape?.kind === 'schema' &&
    isFunction(shape['~run']) &&
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

/** The schema of a param declared without one (SPEC §3: an omitted schema means `v.string()`). */
export const STRING_SCHEMA: AnySchema = /* @__PURE__ */ v.string()

/** The schema of an object param declared without one (no entries; unknown keys dropped). */
export const EMPTY_OBJECT_SCHEMA: AnySchema = /* @__PURE__ */ v.object({})

/** The valibot adapter. */
export const valibotAdapter: SchemaAdapter<AnySchema> = {
  vendor: 'valibot',
  owns: isValibotSchema,
  plan: planValibot,
  check: checkValibot,
  presence: (schema) => presenceThrough(schema, wrapperTypes(schema)),
}
