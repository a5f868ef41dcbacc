/** src/file/path.ts: the `FilePathParam` values that could leave the directory a handler joins them to. */
import { describe, expect, it } from 'vitest'
import { unsafeFilePath } from '../../src/file/path'

describe('unsafeFilePath', () => {
  it('accepts relative paths, dots inside names included', () => {
    for (const path of ['docs/a.md', 'a..b/c', '.well-known/x', 'a/./b', '...', 'x\\y.txt']) expect(unsafeFilePath(path), path).toBeUndefined()
  })

  it("refuses a '..' segment with either separator", () => {
    for (const path of ['..', '../etc/passwd', 'a/../../b', 'a\\..\\b', 'a/..']) expect(unsafeFilePath(path), path).toBe("a '..' segment")
  })

  it('refuses absolute paths (POSIX, UNC, drive letters) unless allowed', () => {
    for (const path of ['/etc/passwd', '\\\\server\\share', 'C:\\Windows', 'c:relative']) {
      expect(unsafeFilePath(path), path).toBe('an absolute path')
      expect(unsafeFilePath(path, true), path).toBeUndefined()
    }
    expect(unsafeFilePath('/srv/../etc', true)).toBe("a '..' segment")
  })

  it('refuses a NUL byte anywhere', () => {
    expect(unsafeFilePath('a.txt\0.png')).toBe('a NUL byte')
    expect(unsafeFilePath('/x\0', true)).toBe('a NUL byte')
  })
})
