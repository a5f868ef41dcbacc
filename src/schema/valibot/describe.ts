/**
 * valibot schemas as JSON Schema, with `@valibot/to-json-schema` (`describeWith`, schema/describers.ts):
 * registered by the `fw-api/openapi` entry, which brings the writer; describing schemas is for
 * documents only, so the core leaves it out (SPEC §5.2, schema/describers.ts).
 */
import type { toJsonSchema } from '@valibot/to-json-schema'
import type { JsonSchemaObject } from '../adapter'
import { registerDescriber } from '../describers'
import type { AnySchema } from '../types'
import { valibotWireJson } from './wire-json'

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
 * Describe valibot schemas with `write` (called by the `fw-api/openapi` entry when imported).
 *
 * @example registerValibotJsonSchema(toJsonSchema)
 */
export function registerValibotJsonSchema(write: typeof toJsonSchema): void {
  registerDescriber('valibot', (schema, side, options = {}) => {
    const override = options.override
    return write(schema, {
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
  })
}
