/**
 * The content types `serveStatic` sends, by file extension: a small table of what web roots
 * hold (no dependency). Text types carry `charset=utf-8`; anything else is
 * `application/octet-stream`.
 */

const UTF8 = '; charset=utf-8'

const TYPES: Readonly<Record<string, string>> = {
  html: `text/html${UTF8}`,
  htm: `text/html${UTF8}`,
  css: `text/css${UTF8}`,
  js: `text/javascript${UTF8}`,
  mjs: `text/javascript${UTF8}`,
  cjs: `text/javascript${UTF8}`,
  json: `application/json${UTF8}`,
  map: `application/json${UTF8}`,
  webmanifest: `application/manifest+json${UTF8}`,
  txt: `text/plain${UTF8}`,
  md: `text/markdown${UTF8}`,
  csv: `text/csv${UTF8}`,
  xml: `application/xml${UTF8}`,
  svg: `image/svg+xml${UTF8}`,
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
}

/**
 * The `Content-Type` of a file named `name`, by its extension (case-insensitive).
 *
 * @example
 * contentTypeOf('app.JS') // 'text/javascript; charset=utf-8'
 * contentTypeOf('data.bin') // 'application/octet-stream'
 */
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.')
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
  return (
    (Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined) ?? 'application/octet-stream'
  )
}
