/**
 * Any Standard Schema V1 library behind the schema seam (schema/adapter.ts):
 * zod ≥ 4, arktype ≥ 2, effect Schema, valibot wrapped by
 * `@valibot/to-json-schema`'s `toStandardJsonSchema`, … (SPEC §3.6).
 * Conversion is planned from the input JSON Schema (standard/plan.ts),
 * validation is the library's `~standard.validate` (awaited when it answers
 * with a promise), issues become fw's one failure shape with the library's
 * own messages. fw imports no library here: everything is read through `~standard`.
 */
import {
  type Check,
  type CheckResult,
  MAX_SCHEMA_ISSUES,
  presence,
  SAME_PLAN,
  type Presence,
  type SchemaAdapter,
  type SchemaIssue,
  type StandardSchemaV1,
  type StandardResult,
} from '../adapter'
import { isFunction } from '../../utils/is'
import { isThenable } from '../../utils/thenable'
import { jsonSchemaOf } from './json'
import { planOfJsonSchema } from './plan'
import { validatorOf } from './zod-async'

/**
 * Does the value implement Standard Schema V1? (an object or a function, as
 * arktype's types are, with `~standard.validate`)
 *
 * @example
 * isStandard(z.string()) // true
 */
export function isStandard(schema: unknown): schema is StandardSchemaV1 {
  // a primitive holds no `~standard` (read through its prototype, like any value's)
  const props = (schema as { '~standard'?: { version?: unknown; validate?: unknown } } | null)?.[
    '~standard'
  ]
  return props?.version === 1 && isFunction(props.validate)
}

/** An issue's path as item names (`{ key }` segments read too; a symbol as its text). */
export function issuePath(
  path: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined,
): (string | number)[] {
  // a plain array: a library's path may be an Array subclass (arktype)
  return Array.from(path ?? [], (segment) => {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment
    return typeof key === 'number' || typeof key === 'string' ? key : String(key)
  })
}

/** Is the value at `path` in the checked input absent (a key on the way missing, or `undefined`)? */
function absentAt(input: unknown, path: readonly (string | number)[]): boolean {
  let current: unknown = input
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return true
    current = (current as Record<string | number, unknown>)[key]
  }
  return current === undefined
}

/**
 * The library's answer in the seam's shape: its output, or its issues (one
 * per item, at most `MAX_SCHEMA_ISSUES`). The library's message is kept as it
 * gives it, custom messages included (SPEC §3.6); only an absent value reads
 * `required item missing`, as for valibot.
 */
export function resultOf(result: StandardResult<unknown>, input: unknown): CheckResult {
  if (!result.issues) return { ok: true, value: result.value }
  const issues: SchemaIssue[] = []
  // valibot names one failure per item: a library's second issue on it adds nothing fw says
  const seen = new Set<string>()
  // issues past a few per listed item are not read: a hostile body cannot make this loop long
  for (const issue of result.issues.slice(0, MAX_SCHEMA_ISSUES * 4)) {
    const path = issuePath(issue.path)
    const item = JSON.stringify(path)
    if (seen.has(item)) continue
    seen.add(item)
    issues.push({ message: absentAt(input, path) ? 'required item missing' : issue.message, path })
    if (issues.length >= MAX_SCHEMA_ISSUES) break
  }
  return { ok: false, issues }
}

function checkStandard(schema: StandardSchemaV1): Check {
  const validate = validatorOf(schema)
  return (value) => {
    const result = validate(value)
    return isThenable(result)
      ? Promise.resolve(result).then((settled) => resultOf(settled, value))
      : resultOf(result, value)
  }
}

/** Optional / nullable / default, by asking the library once (at build) what it makes of `undefined` and `null`. */
function presenceOf(schema: StandardSchemaV1): Presence {
  const absent = accepted(schema, undefined)
  return presence(absent !== undefined, accepted(schema, null) !== undefined, absent?.value)
}

/** The library's output for `value` when it accepts it synchronously (else, or for an async schema, `undefined`). */
function accepted(schema: StandardSchemaV1, value: unknown): { value: unknown } | undefined {
  try {
    const result = schema['~standard'].validate(value)
    if (!isThenable(result)) return result.issues ? undefined : result
    Promise.resolve(result).catch(() => undefined)
  } catch {
    // a library that throws on `undefined` or `null` does not accept it
  }
  return undefined
}

/** The Standard Schema adapter: every library that implements `~standard` and is no valibot schema. */
export const standardAdapter: SchemaAdapter<StandardSchemaV1> = {
  vendor: 'standard',
  owns: isStandard,
  plan(schema) {
    const json = jsonSchemaOf(schema, 'input')
    return json ? planOfJsonSchema(json, jsonSchemaOf(schema, 'output')) : SAME_PLAN
  },
  check: checkStandard,
  presence: presenceOf,
}
