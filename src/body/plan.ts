/**
 * A body param's plan, from its marker and schema: which wire forms it accepts, and the file
 * fields and bounds a multipart body is held to. Reached only through the body seam (./support).
 */
import { fileBoundsOf, fileFieldsOf, fileSchemaInfo } from '../file/info'
import type { MarkerSpec } from '../request/markers'
import { STRING_SCHEMA, wireKind } from '../schema'
import type { BodyPlan } from './format'

/**
 * Which wire forms a whole-body param accepts, from its marker and its schema.
 *
 * @example
 * bodyPlanOf({ kind: 'body', accept: 'json', schema: v.object({}), hasDefault: false }) // { accept: 'json', … }
 */
export function bodyPlanOf(spec: MarkerSpec): BodyPlan {
  const schema = spec.schema ?? STRING_SCHEMA
  const fileInfo = fileSchemaInfo(schema)
  if (spec.kind === 'body' && fileInfo) {
    // The file's maxSize becomes the byte limit, so an oversized upload is a 413 before it is buffered.
    return {
      accept: 'binary',
      contentType: spec.contentType ?? fileInfo.mime,
      maxLength: spec.maxLength ?? fileInfo.maxSize,
    }
  }
  if (spec.kind === 'body' && wireKind(schema) === 'string')
    return { accept: 'text', contentType: spec.contentType, maxLength: spec.maxLength }
  return {
    accept: spec.accept ?? 'any',
    contentType: spec.contentType,
    maxLength: spec.maxLength,
    fileFields: spec.kind === 'body' ? fileFieldsOf(schema) : undefined,
    fileBounds: spec.kind === 'body' ? fileBoundsOf(schema) : undefined,
  }
}

/**
 * A body field's own byte bound, when its schema is a bounded file (`z.file().max(n)`): its part
 * is a 413 while it streams.
 *
 * @example
 * fieldFileBound({ kind: 'body-field', schema: file.File({ maxSize: 10 }), hasDefault: false }) // 10
 */
export function fieldFileBound(spec: MarkerSpec): number | undefined {
  return fileBoundsOf(spec.schema)?.get('')
}
