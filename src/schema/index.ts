export type {
  Check,
  CheckResult,
  ConversionPlan,
  DescribeOptions,
  JsonSchemaObject,
  PlannedEntry,
  PlannedOption,
  Presence,
  SchemaAdapter,
  SchemaInput,
  SchemaIssue,
  SchemaOutput,
  SchemaSide,
  StandardSchemaV1,
} from './adapter'
export { MAX_SCHEMA_ISSUES } from './adapter'
export {
  compileConversion,
  compileConverter,
  DEFAULT_JSON_DEPTH,
  objectEntries,
  type Converter,
  type ConvertOptions,
} from './convert'
export { ConversionError, chainMessage, showValue } from './errors'
export { Field, getFieldOptions, type FieldOptions } from './field'
export {
  mayBeAbsent,
  planOf,
  presenceOf,
  schemaEntries,
  takesList,
  unwrapPlan,
  wireKind,
} from './inspect'
export { isStandardSchema, resolveAdapter } from './resolve'
export { shapeOf, type AnySchema, type SchemaShape } from './types'
export { EMPTY_OBJECT_SCHEMA, STRING_SCHEMA, valibotAdapter } from './valibot/adapter'
