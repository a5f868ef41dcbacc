/**
 * Standard Schemas as JSON Schema (`describeWith`, schema/describers.ts): the library's own
 * (`~standard.jsonSchema`), its properties by their wire names. Registered when imported (by
 * `fw-api/openapi` and the ORM's schema embedding), with the views of an object's properties that
 * documents read (standard/plan.ts `registerPropertyView`): describing is for documents, so the
 * core leaves it out (SPEC §5.2, schema/describers.ts).
 */
import type { JsonSchemaObject, SchemaSide, StandardSchemaV1 } from '../adapter'
import { registerDescriber } from '../describers'
import { jsonSchemaOf } from './json'
import { registerPropertyView } from './plan'
import { propertyView, wireNamed } from './property'

/**
 * The schema's JSON Schema for one side, `{}` when the library gives none.
 *
 * @example describeStandard(z.number().int(), 'input') // { type: 'integer', minimum: …, maximum: … }
 */
export function describeStandard(schema: StandardSchemaV1, side: SchemaSide): JsonSchemaObject {
  const json = jsonSchemaOf(schema, side)
  if (!json) return {}
  const { $schema: _dialect, ...rest } = json
  // Properties by their wire names where an alias was declared (what a client sends), alias keywords dropped.
  return wireNamed(rest, side === 'input')
}

registerDescriber('standard', describeStandard)
registerPropertyView(propertyView)
