/** src/xml/index.ts: importing `fw-api/xml` makes bodies accept XML, parsed by fast-xml-parser loaded on the first one. */
import { describe, expect, it } from 'vitest'
import { acceptsXml, parseXml } from '../../src/body/xml'
import { UnsupportedMediaType } from '../../src/exceptions'

describe('fw-api/xml', () => {
  it('turns XML bodies on when imported (a 415 before)', async () => {
    expect(acceptsXml()).toBe(false)
    await expect(parseXml('<user><name>a</name></user>', 10)).rejects.toBeInstanceOf(UnsupportedMediaType)
    await import('../../src/xml/index')
    expect(acceptsXml()).toBe(true)
    expect(await parseXml('<user><name>a</name><tag>x</tag><tag>y</tag></user>', 10)).toEqual({ name: 'a', tag: ['x', 'y'] })
  })
})
