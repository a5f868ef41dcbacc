/**
 * src/file/uploaded.ts: the file an endpoint receives — a Web `File` plus `save()`, made from any
 * Blob, its declared type kept as sent (lower-cased), a copy (structuredClone, spread) reading the
 * same upload.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UploadedFile } from '../../src/file/uploaded'

const dir = mkdtempSync(join(tmpdir(), 'fw-uploaded-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('UploadedFile.from', () => {
  it('makes an upload of a File, keeping its name, type and date', async () => {
    const source = new File(['hello'], 'a.txt', { type: 'text/plain', lastModified: 1000 })
    const upload = UploadedFile.from(source)
    expect(upload).toBeInstanceOf(File)
    expect([upload.name, upload.type, upload.size, upload.lastModified]).toEqual(['a.txt', 'text/plain', 5, 1000])
    expect(await upload.text()).toBe('hello')
  })

  it('makes one of a Blob with the name given, and gives an upload back as itself', () => {
    const upload = UploadedFile.from(new Blob(['x'], { type: 'image/PNG' }), 'pic.png')
    expect([upload.name, upload.type]).toEqual(['pic.png', 'image/png'])
    expect(UploadedFile.from(upload)).toBe(upload)
  })

  it('drops a declared type that is no header text', () => {
    expect(new UploadedFile(['x'], 'a', { type: 'text/pl\u00e4in' }).type).toBe('')
  })
})

describe('UploadedFile.save', () => {
  it('writes the bytes under a safe name in the directory and says where', async () => {
    const upload = UploadedFile.from(new File(['data'], '../../evil.txt'))
    const path = await upload.save(dir)
    expect(path).toBe(join(dir, 'evil.txt'))
    expect(readFileSync(path, 'utf8')).toBe('data')
  })

  it('takes the name given instead', async () => {
    const path = await UploadedFile.from(new File(['x'], 'a.txt')).save(dir, 'chosen.txt')
    expect(path).toBe(join(dir, 'chosen.txt'))
  })
})

describe('a copy of an upload', () => {
  it('reads the same bytes and metadata as the original', async () => {
    const upload = UploadedFile.from(new File(['copied'], 'c.txt', { type: 'text/plain' }))
    const copy = Object.create(upload) as UploadedFile
    expect([copy.name, copy.type, copy.size]).toEqual(['c.txt', 'text/plain', 6])
    expect(await copy.text()).toBe('copied')
    expect(await copy.slice(0, 4).text()).toBe('copi')
  })
})
