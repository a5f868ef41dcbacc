/**
 * The JSON Schema writers of the schema adapters (`describeWith`; schema/adapter.ts),
 * registered by the modules that describe schemas: `fw-api/openapi` (valibot's, with
 * `@valibot/to-json-schema`; schema/valibot/describe.ts) and schema/standard/describe.ts
 * (imported by `fw-api/openapi` and the ORM). Describing is for documents, not for answering
 * requests, so the core carries no writer (SPEC §5.2).
 */
import { throwImproperlyConfigured } from '../exceptions/configured'
import type {
  DescribeOptions,
  JsonSchemaObject,
  SchemaAdapter,
  SchemaSide,
  StandardSchemaV1,
} from './adapter'
import type { AnySchema } from './types'

/** How one adapter describes its schemas (`describeWith`). */
export type Describe<S> = (
  schema: S,
  side: SchemaSide,
  options?: DescribeOptions,
) => JsonSchemaObject

/** The writers registered so far, by adapter (`SchemaAdapter.vendor`). */
export interface Describers {
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
  throwImproperlyConfigured(
    `describing a ${adapter} schema as JSON Schema needs \`import 'fw-api/openapi'\``,
  )
}

/**
 * A schema as JSON Schema for OpenAPI, by the writer of its adapter (`input` for params and
 * bodies, `output` for results), or ImproperlyConfigured saying what to import. Not a member of
 * the adapters: the core, which never describes, then carries no writer's seam (SPEC §5.2).
 *
 * @example describeWith(valibotAdapter, v.string(), 'input') // { type: 'string' } once fw-api/openapi is imported
 */
export function describeWith<S>(
  adapter: SchemaAdapter<S>,
  schema: S,
  side: SchemaSide,
  options?: DescribeOptions,
): JsonSchemaObject {
  // the adapter owns the schema: its writer takes it (each writer is typed for its own library's schemas)
  const describe = describerOf(adapter.vendor) as Describe<S>
  return describe(schema, side, options)
}
