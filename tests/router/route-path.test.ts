/** One route vocabulary: one normaliser (two spellings of the root) and one segment-wise `under`. */
import { describe, expect, it } from 'vitest'
import { joinPath, normalizeRoute, under } from '../../src/router/route-path'

describe('route-path', () => {
  it('normalizeRoute is joinPath with the root spelled as an empty prefix', () => {
    for (const route of ['', '/', '//', ' /api/ ', 'a//b/', '/v2', 'x/{id}/']) {
      const path = joinPath(route.trim())
      expect(normalizeRoute(route)).toBe(path === '/' ? '' : path)
    }
    expect(normalizeRoute('a//b/')).toBe('/a/b')
  })

  it('under is segment-wise; the empty prefix covers every path', () => {
    expect(under('', '/anything')).toBe(true)
    expect(under('/api', '/api')).toBe(true)
    expect(under('/api', '/api/x/y')).toBe(true)
    expect(under('/api', '/apix')).toBe(false)
    expect(under('/api', '/ap')).toBe(false)
    expect(under('/', '/x')).toBe(false) // a mount at '/' answers '/' itself, as before
  })
})
