/** Param declarations read into specs, each checked (the error names class, method and key). */
import { throwImproperlyConfigured } from '../exceptions/configured'
import { isObject } from '../utils/is'
import { isSchema, toSpec, type MarkerSpec } from '../request/markers'

export function specFor(entry: unknown, where: string, key: string): MarkerSpec {
  const named = `${where}: param '${key}'`
  let spec: MarkerSpec
  try {
    spec = toSpec(entry)
  } catch {
    throwImproperlyConfigured(
      `${named} must be a valibot schema (e.g. v.string()) or a request marker (e.g. request.HeaderParam()), got ${isObject(entry) ? `a plain object (keys: ${Object.keys(entry).join(', ') || 'none'}); a cast does not make it a schema` : typeof entry}`,
    )
  }
  if (spec.invalid) throwImproperlyConfigured(`${named}: ${spec.invalid}`)
  return spec
}

/** Specs of a params object, each checked (the error names class, method and key). */
export function specsOf(
  params: Record<string, unknown> | undefined,
  where: string,
): Record<string, MarkerSpec> {
  if (isSchema(params)) {
    throwImproperlyConfigured(
      `${where}: params must be an object with one entry per param ({ id: v.number() }), not one valibot schema; for a whole object write { query: request.Query(schema) } or { data: request.Body(schema) }`,
    )
  }
  const specs: Record<string, MarkerSpec> = {}
  for (const key of Object.keys(params ?? {}))
    specs[key] = specFor((params as Record<string, unknown>)[key], where, key)
  return specs
}
