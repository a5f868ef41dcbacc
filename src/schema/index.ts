export { compileConverter, DEFAULT_JSON_DEPTH, objectEntries, type Converter, type ConvertOptions } from './convert'
export { ConversionError, chainMessage, showValue } from './errors'
export { Field, getFieldOptions, type FieldOptions } from './field'
export { shapeOf, type AnySchema, type SchemaShape } from './types'
