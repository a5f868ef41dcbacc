/** src/static/content-types.ts: the content type `serveStatic` sends by extension; text types in UTF-8, the unknown as bytes. */
import { describe, expect, it } from 'vitest'
import { contentTypeOf } from '../../src/static/content-types'

describe('contentTypeOf', () => {
  it('names text types with their charset and binary ones without', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeOf('app.mjs')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('logo.svg')).toBe('image/svg+xml; charset=utf-8')
    expect(contentTypeOf('photo.jpeg')).toBe('image/jpeg')
    expect(contentTypeOf('font.woff2')).toBe('font/woff2')
  })

  it('reads the last extension, in any case', () => {
    expect(contentTypeOf('archive.tar.ZIP')).toBe('application/zip')
    expect(contentTypeOf('dir.v2/README.MD')).toBe('text/markdown; charset=utf-8')
  })

  it('sends anything else as bytes, prototype names included', () => {
    for (const name of ['Makefile', 'a.exe', 'file.', 'x.constructor', 'x.__proto__', 'x.toString']) expect(contentTypeOf(name), name).toBe('application/octet-stream')
  })
})
