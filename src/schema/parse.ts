import * as v from 'valibot'
import { compileConverter } from './convert'
import { ConversionError } from './errors'
import type { AnySchema } from './types'

/** Converts then validates one value; throws `ConversionError` naming the failing item. */
export type Parser = (value: unknown) => unknown

const config = { abortEarly: true } as const

/**
 * Build the convert-then-validate function of a schema, once.
 *
 * @example
 * compileParser(v.pipe(v.number(), v.integer()))('x') // throws "invalid number: 'x'"
 */
export function compileParser(schema: AnySchema): Parser {
  const convert = compileConverter(schema)
  return (value) => {
    const result = v.safeParse(schema, convert(value), config)
    if (result.success) return result.output
    throw issueError(result.issues[0])
  }
}

function issueError(issue: v.BaseIssue<unknown>): ConversionError {
  const path = (issue.path ?? []).map((item) => item.key as string | number)
  const missing = issue.kind === 'schema' && issue.input === undefined
  return new ConversionError(missing ? 'required item missing' : issue.message, path)
}
