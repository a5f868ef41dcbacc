import * as v from 'valibot'
import { compileConverter } from './convert'
import { ConversionError } from './errors'
import { getFieldOptions } from './field'
import { shapeOf, type AnySchema } from './types'

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
    throw issueError(schema, result.issues[0])
  }
}

/** Follow an issue path through the schema, naming object entries by their wire alias. */
function wirePath(schema: AnySchema, keys: (string | number)[]): (string | number)[] {
  let current: AnySchema | undefined = schema
  return keys.map((key) => {
    while (current && shapeOf(current).wrapped) current = shapeOf(current).wrapped
    const shape: ReturnType<typeof shapeOf> | undefined = current && shapeOf(current)
    const entry: AnySchema | undefined = typeof key === 'string' ? shape?.entries?.[key] : undefined
    current = entry ?? shape?.item ?? shape?.value ?? shape?.items?.[key as number]
    return (entry && getFieldOptions(entry)?.alias) || key
  })
}

function issueError(schema: AnySchema, issue: v.BaseIssue<unknown>): ConversionError {
  const path = wirePath(schema, (issue.path ?? []).map((item) => item.key as string | number))
  const missing = issue.kind === 'schema' && issue.input === undefined
  return new ConversionError(missing ? 'required item missing' : issue.message, path)
}
