/**
 * `FilePathParam` values are file paths a handler is likely to join to a
 * directory: refuse the ones that could leave it.
 */

/**
 * Why a decoded file path param is refused, or `undefined` when it is safe:
 * a `..` segment (with `/` or `\` separators), a NUL byte, or — unless
 * `absolute` is allowed (`FilePathParam({ absolute: true })`) — an absolute
 * path (`/etc`, `\\server`, `C:`).
 *
 * @example
 * unsafeFilePath('docs/a.md')        // undefined
 * unsafeFilePath('../../etc/passwd') // "a '..' segment"
 * unsafeFilePath('/srv/a.md', true)  // undefined
 */
export function unsafeFilePath(value: string, absolute = false): string | undefined {
  if (value.includes('\0')) return 'a NUL byte'
  if (!absolute && (value.startsWith('/') || value.startsWith('\\') || /^[A-Za-z]:/.test(value)))
    return 'an absolute path'
  for (const segment of value.split(/[/\\]/)) if (segment === '..') return "a '..' segment"
  return undefined
}
