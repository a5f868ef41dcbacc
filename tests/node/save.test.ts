/**
 * src/node/save.ts: an uploaded file written to disk — under a safe name, inside the directory
 * (a symlinked directory compared by its real path), never through a symlink at the target.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { saveFile } from '../../src/node/save'

const dir = mkdtempSync(join(tmpdir(), 'fw-save-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('saveFile', () => {
  it('writes the bytes under the file’s safe name, making the directory', async () => {
    const target = await saveFile(new File(['hello'], '../../etc/passwd'), join(dir, 'up', 'nested'))
    expect(target).toBe(join(dir, 'up', 'nested', 'passwd'))
    expect(readFileSync(target, 'utf8')).toBe('hello')
  })

  it('takes the name given, a Blob’s random name with its type’s extension, and overwrites', async () => {
    expect(await saveFile(new Blob(['a']), dir, 'given.txt')).toBe(join(dir, 'given.txt'))
    await saveFile(new Blob(['second']), dir, 'given.txt')
    expect(readFileSync(join(dir, 'given.txt'), 'utf8')).toBe('second')
    expect(await saveFile(new Blob(['x'], { type: 'image/png' }), dir)).toMatch(/[0-9a-f]{32}\.png$/)
  })

  it('compares a symlinked directory by its real path', async () => {
    mkdirSync(join(dir, 'real'))
    symlinkSync(join(dir, 'real'), join(dir, 'link'))
    const target = await saveFile(new File(['x'], 'a.txt'), join(dir, 'link'))
    expect(target).toBe(join(dir, 'real', 'a.txt'))
  })

  it('never writes through a symlink at the target', async () => {
    mkdirSync(join(dir, 'guarded'))
    writeFileSync(join(dir, 'outside.txt'), 'untouched')
    symlinkSync(join(dir, 'outside.txt'), join(dir, 'guarded', 'evil.txt'))
    await expect(saveFile(new File(['overwrite'], 'evil.txt'), join(dir, 'guarded'))).rejects.toThrow()
    expect(readFileSync(join(dir, 'outside.txt'), 'utf8')).toBe('untouched')
  })

  it('refuses an empty directory, and says what to do where there is no file system', async () => {
    await expect(saveFile(new Blob(['x']), '')).rejects.toThrow('file.save(dir): dir must be a non-empty path')
    vi.stubGlobal('process', {})
    await expect(saveFile(new Blob(['x']), dir)).rejects.toThrow(/^file\.save\(\) needs a file system \(Node, Bun or Deno\)/)
  })
})
