import type { SchemaShape } from '../types'

/** What a fast checker returns when it cannot vouch for the value: the slow path then decides. */
export const FAIL: unique symbol = Symbol('fw.schema.fail')

/**
 * Converts and validates a value in one pass: returns what the converter +
 * valibot would return, or `FAIL` (never an `Invalid`; may throw inside, the
 * entry point turns that into `FAIL`).
 */
export type Fast = (value: unknown) => unknown

/**
 * The two closures of one schema node:
 * - `run` takes a wire value (the converter's input) and converts it as
 *   `compileConverter` would before validating it;
 * - `check` validates an already converted value (a default: valibot
 *   validates defaults, nothing converts them).
 */
export interface FastNode {
  run: Fast
  check: Fast
}

/** Builds the node of a child schema (undefined: no fast path for it). */
export type CompileNode = (schema: unknown) => FastNode | undefined

/** The parts of a schema the fast compiler reads, beyond `SchemaShape`. */
export interface FastShape extends SchemaShape {
  readonly reference?: unknown
  readonly async?: boolean
  readonly fallback?: unknown
  readonly cache?: unknown
}

/** A pipe item as the fast compiler reads it. */
export interface ActionShape {
  readonly kind: string
  readonly type: string
  readonly reference?: unknown
  readonly async?: boolean
  readonly requirement?: unknown
}

/** The config `compileChecker` validates with (passed to default functions as valibot does). */
export const CHECK_CONFIG = { abortPipeEarly: true } as const
