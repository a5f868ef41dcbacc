/**
 * `FilePathParam` values are file paths a handler is likely to join to a
 * directory: refuse the ones that could leave it.
 */

/**
 * Why a decoded file path param is refused, or `undefined` when it is safe:
 * a `..` segment (with `/` or `\` separators), a NUL byte, or an absolute
 * path (`/etc`, `\\server`, `C:`).
 *
 * @example
 * unsafeFilePath('docs/a.md')        // undefined
 * unsafeFilePath('../../etc/passwd') // "a '..' segment"
 */
export function unsafeFilePath(value: string): string | undefined {
  if (value.includes('\0')) return 'a NUL byte'
  if (value.startsWith('/') || value.startsWith('\\') || /^[A-Za-z]:/.test(value)) return 'an absolute path'
  for (const segment of value.split(/[/\\]/)) if (segment === '..') return "a '..' segment"
  return undefined
}
