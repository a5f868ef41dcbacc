import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { safeFileName, UploadedFile } from '../../src/file/index'

let root: string
let up: string

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => !e.isDirectory()).map((e) => relative(root, join(e.parentPath, e.name)))
}

/** Everything under root must be inside `up/` (or the planted files). */
async function expectNothingOutside(allowed: string[] = []): Promise<void> {
  const files = await listAll(root)
  const outside = files.filter((f) => !f.startsWith(`up${sep}`) && !allowed.includes(f))
  expect(outside).toEqual([])
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fw-save-'))
  up = join(root, 'up')
  await mkdir(join(root, 'up-evil'))
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const upload = (name: string, content = 'data', type = 'text/plain') => new UploadedFile([content], name, { type })

describe('UploadedFile.save', () => {
  it('creates the folder, writes the bytes and returns the absolute path', async () => {
    const path = await upload('hello.txt', 'hi there').save(up)
    expect(path).toBe(join(up, 'hello.txt'))
    expect(await readFile(path, 'utf8')).toBe('hi there')
    await expectNothingOutside()
  })

  it('uses the given name, overwriting a previous save', async () => {
    await upload('a.txt', 'one').save(up, 'same.txt')
    const path = await upload('b.txt', 'two').save(up, 'same.txt')
    expect(await readFile(path, 'utf8')).toBe('two')
  })

  it('writes large binary files intact', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251)
    const path = await new UploadedFile([bytes], 'big.bin').save(up)
    const written = new Uint8Array(await readFile(path))
    expect(written.length).toBe(bytes.length)
    // A plain loop: toEqual on millions of elements is needlessly slow.
    expect(written.every((byte, i) => byte === bytes[i])).toBe(true)
  })

  const hostile: [string, string | RegExp][] = [
    ['../../evil.txt', 'evil.txt'],
    ['../up-evil/pwn.txt', 'pwn.txt'],
    ['/etc/passwd', 'passwd'],
    ['..\\..\\win.txt', 'win.txt'],
    ['C:\\Windows\\system32\\x.dll', 'x.dll'],
    ['a\u0000b.txt', 'ab.txt'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['.htaccess', 'htaccess'],
    ['...hidden..txt', 'hidden.txt'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['a<b>c:d|e?f*.txt', 'abcdef.txt'],
    ['..', /^[0-9a-f]{32}\.txt$/],
    ['../', /^[0-9a-f]{32}\.txt$/],
    ['', /^[0-9a-f]{32}\.txt$/],
    ['....png', /^png$/],
    ['/\u0000/..', /^[0-9a-f]{32}\.txt$/],
  ]
  for (const [name, expected] of hostile) {
    it(`reduces ${JSON.stringify(name)} to a safe base name`, async () => {
      const path = await upload(name).save(up)
      const base = relative(up, path)
      expect(base).not.toContain(sep)
      if (typeof expected === 'string') expect(base).toBe(expected)
      else expect(base).toMatch(expected)
      await expectNothingOutside()
    })
  }

  it('applies the same rules to the name argument', async () => {
    const path = await upload('ok.png', 'x', 'image/png').save(up, '../../../tmp/evil.png')
    expect(path).toBe(join(up, 'evil.png'))
    const random = await upload('ok.png', 'x', 'image/png').save(up, '..')
    expect(relative(up, random)).toMatch(/^[0-9a-f]{32}\.png$/)
    await expectNothingOutside()
  })

  it('keeps unicode names and caps them at 255 bytes, keeping the extension', async () => {
    expect(relative(up, await upload('résumé 履歴書.pdf').save(up))).toBe('résumé 履歴書.pdf')
    const long = await upload('é'.repeat(300) + '.jpeg').save(up)
    const base = relative(up, long)
    expect(new TextEncoder().encode(base).length).toBeLessThanOrEqual(255)
    expect(base.endsWith('.jpeg')).toBe(true)
  })

  it('does not follow a symlink planted in the folder', async () => {
    await mkdir(up)
    const outside = join(root, 'outside.txt')
    await writeFile(outside, 'original')
    await symlink(outside, join(up, 'link.txt'))
    await expect(upload('link.txt', 'overwritten').save(up)).rejects.toThrow()
    expect(await readFile(outside, 'utf8')).toBe('original')
    await expectNothingOutside(['outside.txt'])
  })

  it('resolves a relative folder against the working directory', async () => {
    const cwd = process.cwd()
    process.chdir(root)
    try {
      const path = await upload('rel.txt').save('up')
      expect(path).toBe(join(await (await import('node:fs/promises')).realpath(root), 'up', 'rel.txt'))
    } finally {
      process.chdir(cwd)
    }
  })

  it('throws a clear error without a file system (Workers)', async () => {
    const original = process.getBuiltinModule
    Reflect.set(process, 'getBuiltinModule', undefined)
    try {
      await expect(upload('x.txt').save(up)).rejects.toThrow(
        'file.save() needs a file system (Node, Bun or Deno); on Workers use file.arrayBuffer() or stream() and store it yourself',
      )
    } finally {
      Reflect.set(process, 'getBuiltinModule', original)
    }
    await expectNothingOutside()
  })
})

describe('safeFileName', () => {
  it('never returns a name with a separator, a leading dot or a control char', () => {
    const samples = ['../../a', 'a/b\\c', '.', '..', '...', '\u0000', 'x\u0007y', ' .x. ', '%2e%2e%2f', 'a\u202Eb']
    for (const sample of samples) {
      const safe = safeFileName(sample)
      expect(safe).not.toMatch(/[/\\\u0000-\u001f]/)
      expect(safe.startsWith('.')).toBe(false)
      expect(safe.length).toBeGreaterThan(0)
    }
  })

  it('derives the random name extension from the type when the name has none', () => {
    expect(safeFileName('', 'image/jpeg')).toMatch(/^[0-9a-f]{32}\.jpg$/)
    expect(safeFileName('..', 'application/x-unknown')).toMatch(/^[0-9a-f]{32}$/)
  })
})
