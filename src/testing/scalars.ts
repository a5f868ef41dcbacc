/**
 * Scalar values a schema allows, as fast-check arbitraries: text (wire-safe
 * where it travels in a path, a header or a cookie; up to the documented
 * length), numbers within their bounds, and small files of a media type.
 */
import * as fc from 'fast-check'
import type { JsonSchema } from '../openapi/schema'
import { asNumber, type GenerateContext } from './context'

const BOUND = 1_000_000
export const SAFE_TEXT = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_',
)
// Visible ASCII: a header value is trimmed by `Headers`, so no space at its ends.
const HEADER_TEXT = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code))

export function textOf(schema: JsonSchema, context: GenerateContext): fc.Arbitrary<string> {
  const minLength = asNumber(schema.minLength) ?? (context.wire === 'path' ? 1 : 0)
  // Up to the documented limit (so a limit that counts something else than characters shows), else short.
  const maxLength = Math.max(
    minLength,
    Math.min(asNumber(schema.maxLength) ?? minLength + 16, minLength + 256),
  )
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u')
    return fc
      .stringMatching(pattern)
      .filter(
        (text) =>
          [...text].length >= minLength &&
          [...text].length <= (asNumber(schema.maxLength) ?? Infinity) &&
          (context.wire !== 'path' || /^[\w-]+$/.test(text)),
      )
  }
  const unit =
    context.wire === 'header'
      ? HEADER_TEXT
      : context.wire === 'path' || context.wire === 'cookie'
        ? SAFE_TEXT
        : 'grapheme'
  // A documented limit is reached for ('max' size): a limit that counts bytes instead of characters shows.
  const documentedMax = asNumber(schema.maxLength)
  const text = fc.string({
    unit,
    minLength,
    maxLength,
    ...(documentedMax !== undefined ? { size: 'max' as const } : {}),
  })
  // JSON Schema counts characters (code points); a grapheme may hold several: cut to the limit
  if (documentedMax === undefined) return text
  return text.map((value) => {
    const points = [...value]
    return points.length > documentedMax ? points.slice(0, documentedMax).join('') : value
  })
}

/** A concrete media type for a declared one (`image/*` → `image/png`). */
export function concreteType(mediaType: string): string {
  if (mediaType === '*/*' || mediaType === '') return 'application/octet-stream'
  if (mediaType.endsWith('/*'))
    return `${mediaType.slice(0, -2)}/${mediaType.startsWith('image') ? 'png' : 'x-fw-contract'}`
  return mediaType
}

/** A small file of the given media type. */
export function fileOf(mediaType: string): fc.Arbitrary<File> {
  const type = concreteType(mediaType)
  return fc
    .uint8Array({ minLength: 1, maxLength: 48 })
    .map((bytes) => new File([bytes], 'upload.bin', { type }))
}

export function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = asNumber(schema.exclusiveMinimum)
  const exclusiveMax = asNumber(schema.exclusiveMaximum)
  const min = asNumber(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin : -BOUND)
  const max = asNumber(schema.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax : BOUND)
  const inside = (value: number): boolean =>
    (exclusiveMin === undefined || value > exclusiveMin) &&
    (exclusiveMax === undefined || value < exclusiveMax)
  if (integer)
    return fc
      .integer({
        min: Math.ceil(Math.max(min, -Number.MAX_SAFE_INTEGER)),
        max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
      })
      .filter(inside)
  const decimals = fc
    .double({
      min: Math.max(min, -BOUND * 1000),
      max: Math.min(max, BOUND * 1000),
      noNaN: true,
      noDefaultInfinity: true,
    })
    .filter((value) => inside(value) && !Object.is(value, -0))
  const lowest = Math.ceil(Math.max(min, -BOUND))
  const highest = Math.floor(Math.min(max, BOUND))
  // bounds with no whole number between them (0.1–0.9): decimals only (fc.integer refuses min > max)
  if (lowest > highest) return decimals
  return fc.oneof(fc.integer({ min: lowest, max: highest }).filter(inside), decimals)
}
