/**
 * The JSON Schema writers of the schema adapters (`SchemaAdapter.describe`, schema/adapter.ts),
 * registered by the modules that describe schemas: `fw-api/openapi` (valibot's, with
 * `@valibot/to-json-schema`; schema/valibot/describe.ts) and schema/standard/describe.ts
 * (imported by `fw-api/openapi` and the ORM). Describing is for documents, not for answering
 * requests, so the core carries no writer (SPEC §5.2).
 */
import { ImproperlyConfigured } from '../exceptions'
import type { DescribeOptions, JsonSchemaObject, SchemaSide, StandardSchemaV1 } from './adapter'
import type { AnySchema } from './types'

/** How one adapter describes its schemas (`SchemaAdapter.describe`). */
export type Describe<S> = (
  schema: S,
  side: SchemaSide,
  options?: DescribeOptions,
) => JsonSchemaObject

/** The writers registered so far, by adapter. */
interface Describers {
  valibot?: Describe<AnySchema>
  standard?: Describe<StandardSchemaV1>
}

const describers: Describers = {}

/**
 * Register how an adapter's schemas are described (the first registration stays).
 *
 * @example registerDescriber('standard', describeStandard)
 */
export function registerDescriber<K extends keyof Describers>(
  adapter: K,
  describe: NonNullable<Describers[K]>,
): void {
  describers[adapter] ??= describe
}

/**
 * The adapter's writer, or ImproperlyConfigured saying what to import.
 *
 * @example describerOf('valibot')(v.string(), 'input') // { type: 'string' } once fw-api/openapi is imported
 */
export function describerOf<K extends keyof Describers>(adapter: K): NonNullable<Describers[K]> {
  const describe = describers[adapter]
  if (describe !== undefined) return describe
  throw new ImproperlyConfigured(
    `describing a ${adapter} schema as JSON Schema needs \`import 'fw-api/openapi'\``,
  )
}
