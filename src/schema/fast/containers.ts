/**
 * Fast nodes of the schemas that hold others: optional / nullable / nullish
 * (with or without a default), array, and object / loose_object /
 * strict_object. Each mirrors `compileConverter` (src/schema/convert.ts) then
 * valibot's own `~run`, step by step.
 */
import * as v from 'valibot'
import { shapeOf, type AnySchema } from '../types'
import { lengthFits, type Bounds } from './actions'
import { CHECK_CONFIG, FAIL, type CompileNode, type Fast, type FastNode, type FastShape } from './types'

type Wrapper = 'optional' | 'nullable' | 'nullish'

/** Does the wrapper let this value through as it is (valibot: before and after its default)? */
const EMPTY: Record<Wrapper, (value: unknown) => boolean> = {
  optional: (value) => value === undefined,
  nullable: (value) => value === null,
  nullish: (value) => value === undefined || value === null,
}

/**
 * optional / nullable / nullish. The converter hands `undefined` and `null`
 * on unconverted; valibot replaces the empty value by the default (calling it
 * when it is a function) and validates the default unconverted.
 */
export function wrapperNode(schema: AnySchema, type: Wrapper, inner: FastNode): FastNode {
  const empty = EMPTY[type]
  const given = shapeOf(schema).default
  const fill = (value: unknown): unknown => {
    const out = given === undefined ? value : typeof given === 'function' ? v.getDefault(schema, { value }, v.getGlobalConfig(CHECK_CONFIG)) : given
    return empty(out) ? out : inner.check(out)
  }
  return {
    run: (value) => (value === undefined || value === null ? (empty(value) ? fill(value) : inner.check(value)) : inner.run(value)),
    check: (value) => (empty(value) ? fill(value) : inner.check(value)),
  }
}

/**
 * array: a single value (a string unless it is JSON-encoded) becomes a
 * one-item list, as the converter does; the pipe's length bounds are checked first.
 */
export function arrayNode(item: FastNode, bounds: Bounds): FastNode {
  const each = (list: readonly unknown[], step: (value: unknown) => unknown): unknown => {
    if (!lengthFits(bounds, list.length)) return FAIL
    const out: unknown[] = []
    for (let index = 0; index < list.length; index++) {
      const result = step(list[index])
      if (result === FAIL) return FAIL
      out.push(result)
    }
    return out
  }
  return {
    run: (value) => {
      if (Array.isArray(value)) return each(value, item.run)
      if (value === undefined || value === null) return FAIL
      // a JSON-encoded list is the slow path's (depth limit, parse errors)
      if (typeof value === 'string' && value.trimStart().startsWith('[')) return FAIL
      return each([value], item.run)
    },
    check: (value) => (Array.isArray(value) ? each(value, item.check) : FAIL),
  }
}

type ObjectType = 'object' | 'loose_object' | 'strict_object'

/**
 * Where the last object `run` that refused an entry stopped: the object's
 * shape and the entry's index (the entries before it passed). `compileChecker`
 * clears it before its fast run and hands it to the explainer (explain.ts),
 * which then checks neither the vouched entries nor the refused one again.
 */
export const refusal: { shape: FastShape | undefined; index: number } = { shape: undefined, index: -1 }

/** One entry of an object schema with its fast node (also read by `explain.ts`). */
export interface EntryPlan {
  key: string
  schema: AnySchema
  node: FastNode
  /** absent: valibot validates `getDefault(entry)` in its place */
  defaulted: boolean
  /** absent and no default: the key stays out of the output */
  optional: boolean
}

// An entry named like an Object.prototype member (`constructor`, `toString`, `__proto__`…) is
// "present" for valibot's `key in input` on every object: no fast path.
const INHERITED = (key: string): boolean => key in Object.prototype

/** The entry plans of an object schema, or undefined when any entry has no fast node. */
export function entryPlans(shape: FastShape, compile: CompileNode): EntryPlan[] | undefined {
  const entries = shape.entries ?? {}
  const plans: EntryPlan[] = []
  for (const key of Object.keys(entries)) {
    const schema = entries[key]
    const node = schema && !INHERITED(key) ? compile(schema) : undefined
    if (!schema || !node) return undefined
    const entry = shapeOf(schema)
    const optional = entry.type === 'optional' || entry.type === 'nullish'
    plans.push({ key, schema, node, defaulted: optional && entry.default !== undefined, optional })
  }
  return plans
}

/**
 * object and its loose / strict forms. `run` reads the input's own keys as
 * the converter does (a present `undefined` is present; an absent key is
 * absent); `check` (a default value) takes plain objects only, where valibot's
 * `key in input` and `for…in` are own keys too.
 */
export function objectNode(shape: FastShape, type: ObjectType, compile: CompileNode): FastNode | undefined {
  const plans = entryPlans(shape, compile)
  if (!plans) return undefined
  const entries = shape.entries ?? {}
  const known = (key: string): boolean => Object.hasOwn(entries, key)

  const keys = plans.map((plan) => plan.key)
  const runs = plans.map((plan) => plan.node.run)
  const checks = plans.map((plan) => plan.node.check)
  const fill = (source: Record<string, unknown>, convert: boolean): Record<string, unknown> | typeof FAIL => {
    const out: Record<string, unknown> = {}
    const steps = convert ? runs : checks
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string
      let result: unknown
      if (Object.hasOwn(source, key)) result = (steps[index] as Fast)(source[key])
      else {
        const plan = plans[index] as EntryPlan
        if (plan.defaulted) result = plan.node.check(v.getDefault(plan.schema))
        else if (plan.optional) continue
        else result = FAIL
      }
      if (result === FAIL) {
        if (convert) (refusal.shape = shape), (refusal.index = index)
        return FAIL
      }
      out[key] = result
    }
    if (type === 'loose_object') {
      // the converter copies all but `__proto__`; valibot keeps own keys but `prototype` and `constructor`
      for (const key of Object.keys(source)) {
        if (!known(key) && key !== '__proto__' && key !== 'prototype' && key !== 'constructor') out[key] = source[key]
      }
    } else if (type === 'strict_object') {
      // the converter never copies `__proto__`, so valibot never sees it; a default is seen as it is
      for (const key of Object.keys(source)) if (!known(key) && (key !== '__proto__' || !convert)) return FAIL
    }
    return out
  }

  return {
    run: (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? fill(value as Record<string, unknown>, true) : FAIL),
    check: (value) => (isPlainObject(value) ? fill(value, false) : FAIL),
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
