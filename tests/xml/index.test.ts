/** src/xml/index.ts: importing `fw-api/xml` makes bodies accept XML, parsed by fast-xml-parser loaded on the first one. */
import { describe, expect, it } from 'vitest'
import { acceptsXml } from '../../src/body/xml'

describe('fw-api/xml', () => {
  it('turns XML bodies on when imported', async () => {
    expect(acceptsXml()).toBe(false)
    await import('../../src/xml/index')
    expect(acceptsXml()).toBe(true)
  })
})
