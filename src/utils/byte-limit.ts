import { ImproperlyConfigured, RequestEntityTooLarge } from '../exceptions/index'

/**
 * One spelling for a per-param byte limit (docs/security.md, "Size and count limits"): `maxBytes`, like
 * the service's `limits` (`bodyBytes`, `fileBytes`). The earlier spellings stay
 * accepted: `maxLength` on body params (UtilMeta's `max_length`) and `maxSize`
 * on file schemas. Both given with different values is a declaration mistake.
 *
 * @example
 * byteLimit({ maxLength: 100 }, 'maxLength', 'request.Body') // 100
 * byteLimit({ maxBytes: 100, maxLength: 200 }, 'maxLength', 'request.Body') // throws ImproperlyConfigured
 */
export function byteLimit<K extends 'maxLength' | 'maxSize'>(
  options: { readonly maxBytes?: number } & { readonly [key in K]?: number },
  alias: K,
  where: string,
): number | undefined {
  const preferred = options.maxBytes
  const old = options[alias] as number | undefined
  if (preferred !== undefined && old !== undefined && preferred !== old) {
    throw new ImproperlyConfigured(
      `${where}: maxBytes (${preferred}) and its alias ${alias} (${old}) disagree; give only maxBytes`,
    )
  }
  return preferred ?? old
}

/**
 * A file over its schema's byte bound is a 413 (too large, not malformed, like every size limit):
 * fw's file schemas and a Standard Schema's binary string with a `maxLength` (zod's `z.file().max()`)
 * check a `Blob` here before it is validated. `message`: the schema's own.
 *
 * @example
 * checkFileSize(new Blob(['12345']), 4) // throws RequestEntityTooLarge('file too large: 5 > 4 bytes')
 */
export function checkFileSize(value: unknown, maxSize: number, message?: string): void {
  if (value instanceof Blob && value.size > maxSize)
    throw new RequestEntityTooLarge(message ?? `file too large: ${value.size} > ${maxSize} bytes`)
}
