/**
 * Reducing an untrusted file name to a safe base name for `save()`. Pure
 * string code, no file system: the same rules run on every runtime.
 */

// C0/C1 controls (NUL included) and characters Windows refuses in names.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f<>:"|?*]/g
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i
const SAFE_EXTENSION = /^\.[a-z0-9]{1,10}$/i
/** most file systems cap a name at 255 bytes */
const MAX_NAME_BYTES = 255

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/svg+xml': '.svg',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/wav': '.wav',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'application/pdf': '.pdf',
  'application/json': '.json',
  'application/zip': '.zip',
  'text/plain': '.txt',
  'text/csv': '.csv',
}

/**
 * Reduce `name` to a base name that cannot leave its folder: the directory
 * part (`/` or `\`) is dropped, `..` runs collapse, controls, NUL and
 * Windows-reserved characters go, leading dots go (no hidden files, no
 * `..`), trailing dots and spaces go. When nothing usable remains, a random
 * name is made, keeping a safe extension from `name` or from `type`.
 *
 * @example
 * safeFileName('../../etc/passwd')      // 'passwd'
 * safeFileName('C:\\dir\\photo.png')    // 'photo.png'
 * safeFileName('..', 'image/png')       // '3f2a…e1.png' (random)
 */
export function safeFileName(name: string, type = ''): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
  let safe = base
    .normalize('NFC')
    .replace(UNSAFE_CHARS, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`
  if (safe.length === 0)
    return randomName(extensionOf(base) ?? EXTENSIONS[type.toLowerCase()] ?? '')
  return truncate(safe)
}

/** A random, safe name: 32 hex digits plus `extension`. */
function randomName(extension = ''): string {
  return crypto.randomUUID().replaceAll('-', '') + extension
}

function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  const extension = dot < 0 ? '' : name.slice(dot)
  return SAFE_EXTENSION.test(extension) ? extension.toLowerCase() : undefined
}

// Keep the extension and as much of the stem as fits in the UTF-8 budget.
function truncate(name: string): string {
  const encoder = new TextEncoder()
  if (encoder.encode(name).length <= MAX_NAME_BYTES) return name
  const extension = extensionOf(name) ?? ''
  let budget = MAX_NAME_BYTES - extension.length // a safe extension is ASCII
  let stem = ''
  for (const char of name.slice(0, name.length - extension.length)) {
    const size = encoder.encode(char).length
    if (size > budget) break
    budget -= size
    stem += char
  }
  stem = stem.replace(/[.\s]+$/, '')
  return stem ? stem + extension : randomName(extension)
}
