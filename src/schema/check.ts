/**
 * The checker of a schema of any adapted library (schema/adapter.ts): the
 * seam's conversion, then the adapter's `check`; issues become `Invalid`
 * (one failure shape for every library, SPEC §3.6). An async check answers
 * with a promise. valibot's own checker (parse.ts) adds its fast path.
 */
import type { CheckResult, SchemaAdapter } from './adapter'
import type { AnySchema } from './types'
import { compileConversion, type ConvertOptions } from './convert'
import { compileChecker, Invalid, type Checker } from './parse'
import { isThenable } from '../utils/thenable'

function settle(result: CheckResult): unknown {
  if (result.ok) return result.value
  const all = result.issues.map((issue) => ({ reason: issue.message, path: [...issue.path] }))
  const first = all[0] ?? { reason: 'invalid value', path: [] }
  return new Invalid(first.reason, first.path, all)
}

/**
 * Build a schema's convert-then-check function once, through its adapter.
 *
 * @example
 * compileAdapterChecker(standardAdapter, z.number().int())('1.5') // 1
 */
export function compileAdapterChecker<S>(
  adapter: SchemaAdapter<S>,
  schema: S,
  options: ConvertOptions = {},
): Checker {
  const convert = compileConversion(adapter.plan(schema), options)
  const check = adapter.check(schema)
  return (value) => {
    const result = check(convert(value))
    return isThenable(result) ? Promise.resolve(result).then(settle) : settle(result)
  }
}

/**
 * The checker of any schema fw takes: valibot's own (with its fast path),
 * or its adapter's (zod, arktype, any Standard Schema).
 *
 * @example
 * compileSchemaChecker(type('number.integer >= 1'))('0') instanceof Invalid // true
 */
export function compileSchemaChecker(schema: unknown, options: ConvertOptions = {}): Checker {
  // One checker for every library (parse.ts): failures name their items as on the wire (`Field` aliases).
  return compileChecker(schema as AnySchema, options)
}
