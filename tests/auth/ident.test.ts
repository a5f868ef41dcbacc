/** src/auth/ident.ts: the one normalisation identities are stored and compared under. */
import { describe, expect, it } from 'vitest'
import { normalizeIdent } from '../../src/auth/ident'

describe('normalizeIdent', () => {
  it('makes the spellings of one identity equal: case, full-width forms, spaces around', () => {
    const forms = ['alice@example.com', ' Alice@Example.COM ', 'ａｌｉｃｅ@ｅｘａｍｐｌｅ.ｃｏｍ', 'ALICE@EXAMPLE.COM\t']
    for (const form of forms) expect(normalizeIdent(form), form).toBe('alice@example.com')
  })

  it('removes characters that render as nothing (zero-width, joiners, BOM, soft hyphen, bidi controls)', () => {
    for (const invisible of ['\u200B', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u180E', '\u202E'])
      expect(normalizeIdent(`al${invisible}ice`), JSON.stringify(invisible)).toBe('alice')
  })

  it('keeps distinct identities distinct', () => {
    expect(normalizeIdent('alice')).not.toBe(normalizeIdent('alice2'))
    expect(normalizeIdent('a.lice')).toBe('a.lice')
    expect(normalizeIdent('ålice')).not.toBe(normalizeIdent('alice'))
  })

  it('composes what lower-casing leaves decomposed, and is idempotent', () => {
    expect(normalizeIdent('A\u030A')).toBe('\u00E5')
    for (const form of ['Straße', 'ǅemal', 'ﬁle', 'Ａ\u200Blice'])
      expect(normalizeIdent(normalizeIdent(form)), form).toBe(normalizeIdent(form))
  })
})
