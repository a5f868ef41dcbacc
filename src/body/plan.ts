/**
 * A body param's plan, from its marker and schema: which wire forms it accepts, and the file
 * fields and bounds a multipart body is held to; an endpoint's body params planned together
 * (`BodyParams`). Reached only through the body seam (./support).
 */
import { throwImproperlyConfigured } from '../exceptions/configured'
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

/** Where a body param's value is read: the body (whole-body param `index`, when its content type suits it), or a field of it. */
export type BodyParamSource = { kind: 'body'; index: number } | { kind: 'body-field'; wire: string }

/**
 * The body params of one endpoint (or before hook), planned in declaration order by the compile
 * step (compile/params.ts) through the body seam: whole-body params, a body plan each (the body
 * goes to those whose content types accept it), or body fields, one plan for all — never both.
 *
 * @example
 * const body = new BodyParams('Items.create()')
 * body.add(spec, 'data', (name, source) => source) // { kind: 'body', index: 0 }; body.bodies: its plan
 */
export class BodyParams {
  /** the body plans: one per whole-body param, or one for the body fields */
  readonly bodies: BodyPlan[] = []
  /** the body fields' plan, once one is declared */
  #fields: BodyPlan | undefined
  /** `Class.method()`, as the refusal names it */
  readonly #where: string

  constructor(where: string) {
    this.#where = where
  }

  /** Plan one body param: its body plan noted here, its wire name and source handed to `build` (the core's param plan). */
  add<Planned>(
    spec: MarkerSpec,
    key: string,
    build: (name: string, source: BodyParamSource) => Planned,
  ): Planned {
    const bodies = this.bodies
    let fields = this.#fields
    if (spec.kind === 'body' ? fields : !fields && bodies.length)
      throwImproperlyConfigured(
        `${this.#where}: body fields (request.BodyParam) and whole-body params (request.Body/Json/Form) cannot be mixed`,
      )
    if (spec.kind === 'body')
      return build(key, { kind: 'body', index: bodies.push(bodyPlanOf(spec)) - 1 })
    if (!fields) bodies.push((this.#fields = fields = { accept: 'any', maxLength: spec.maxLength }))
    const wire = spec.alias ?? key
    // a file field's own byte bound (`z.file().max(n)`): its part is a 413 while it streams
    const bound = fieldFileBound(spec)
    if (bound !== undefined) fields.fileBounds = new Map(fields.fileBounds).set(wire, bound)
    return build(wire, { kind: 'body-field', wire })
  }
}
