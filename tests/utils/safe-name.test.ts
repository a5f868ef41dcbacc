/** src/utils/safe-name.ts: an untrusted file name reduced to a safe base name (the same on every runtime). */
import { describe, expect, it } from 'vitest'
import { safeFileName } from '../../src/utils/safe-name'

const RANDOM = /^[0-9a-f]{32}/

describe('safeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(safeFileName('report 2024.pdf')).toBe('report 2024.pdf')
    expect(safeFileName('café.txt')).toBe('café.txt')
  })

  it('keeps only the base name of a path (either separator)', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('C:\\Windows\\system32\\evil.dll')).toBe('evil.dll')
    expect(safeFileName('a/b\\c.txt')).toBe('c.txt')
  })

  it('drops control characters and those Windows refuses, and collapses dot runs', () => {
    expect(safeFileName('a\u0000b\u001fc<>:"|?*.txt')).toBe('abc.txt')
    expect(safeFileName('x..y...txt')).toBe('x.y.txt')
    expect(safeFileName('  .hidden. ')).toBe('hidden')
  })

  it('prefixes a Windows reserved device name', () => {
    expect(safeFileName('CON')).toBe('_CON')
    expect(safeFileName('nul.txt')).toBe('_nul.txt')
    expect(safeFileName('com1.log')).toBe('_com1.log')
    expect(safeFileName('console.txt')).toBe('console.txt')
  })

  it('gives a random name for nothing left, with the extension it had or its type’s', () => {
    expect(safeFileName('...')).toMatch(/^[0-9a-f]{32}$/)
    expect(safeFileName('', 'image/PNG')).toMatch(/^[0-9a-f]{32}\.png$/)
    expect(safeFileName('../', 'application/unknown')).toMatch(/^[0-9a-f]{32}$/)
    expect(safeFileName('...', 'text/plain')).toMatch(RANDOM)
    expect(safeFileName('', '')).not.toBe(safeFileName('', ''))
  })

  it('cuts a long name to 255 UTF-8 bytes, keeping its extension', () => {
    const long = safeFileName(`${'é'.repeat(300)}.jpeg`)
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(255)
    expect(long.endsWith('.jpeg')).toBe(true)
    expect(long.startsWith('éé')).toBe(true)
    const emoji = safeFileName(`${'😀'.repeat(100)}.txt`)
    expect(new TextEncoder().encode(emoji).length).toBeLessThanOrEqual(255)
    expect(emoji).not.toContain('\ufffd')
  })
})
