import * as fxp from 'fast-xml-parser'
import { describe, expect, it, vi } from 'vitest'
import { defaultLimits, readBody } from '../../src/body/index'
import 'fw-api/xml'
import { expectStatus, post } from './helpers'
import { cpuTime } from '../helpers/time'

const any = { accept: 'any' } as const
const XML = { 'content-type': 'application/xml' }

function xml(body: string, type = 'application/xml'): Promise<unknown> {
  return readBody(post(body, { 'content-type': type }), any, defaultLimits)
}

describe('readBody: XML', () => {
  it("turns the root element's children into fields, as strings", async () => {
    const value = await xml('<?xml version="1.0"?><article><title>Hi</title><views>3</views><draft>true</draft></article>')
    expect(value).toEqual({ title: 'Hi', views: '3', draft: 'true' })
    expect(Object.getPrototypeOf(value)).toBeNull()
  })

  it('makes repeated elements arrays and nested elements objects', async () => {
    const value = await xml('<r><tag>a</tag><tag>b</tag><author><name>x</name></author><empty/></r>', 'text/xml; charset=utf-8')
    expect(value).toEqual({ tag: ['a', 'b'], author: { name: 'x' }, empty: '' })
  })

  it('ignores attributes and decodes predefined entities and CDATA', async () => {
    expect(await xml('<r id="1"><a x="y">1 &lt; 2 &amp; 3</a><b><![CDATA[<raw>]]></b></r>')).toEqual({ a: '1 < 2 & 3', b: '<raw>' })
  })

  it('gives an empty object for an empty root and undefined for a blank body', async () => {
    expect(await xml('<r/>')).toEqual({})
    expect(await xml('<r></r>')).toEqual({})
    expect(await xml('   ')).toBeUndefined()
  })

  it('accepts +xml types', async () => {
    expect(await xml('<r><a>1</a></r>', 'application/atom+xml')).toEqual({ a: '1' })
  })

  it('refuses malformed XML with 400', async () => {
    await expectStatus(xml('<root><a></root>'), 400, 'invalid XML body')
    await expectStatus(xml('<a>1</a><b>2</b>'), 400, 'invalid XML body')
    await expectStatus(xml('<r><a>1</a>'), 400, 'invalid XML body')
    await expectStatus(xml('not xml'), 400)
  })

  it('refuses any DOCTYPE (no entity can be declared)', async () => {
    await expectStatus(xml('<!DOCTYPE r [<!ENTITY e "x">]><r><a>&e;</a></r>'), 400, 'DOCTYPE')
    await expectStatus(xml('<?xml version="1.0"?><!DOCTYPE r SYSTEM "file:///etc/passwd"><r>&xxe;</r>'), 400, 'DOCTYPE')
  })

  it('bounds nesting depth', async () => {
    const deep = '<a>'.repeat(150) + '</a>'.repeat(150)
    await expectStatus(xml(deep), 400, 'XML body nested deeper than 100 levels')
    const ok = '<a>'.repeat(50) + 'x' + '</a>'.repeat(50)
    // the root element is the body itself: 49 nested `a` objects around the text
    const nested = Array.from({ length: 49 }).reduce<unknown>((inner) => ({ a: inner }), 'x')
    expect(await xml(ok)).toEqual(nested)
  })

  it('refuses __proto__ / constructor element names and never pollutes', async () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      await expectStatus(xml(`<r><${name}><polluted>1</polluted></${name}></r>`), 400)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('is refused for accept json and form', async () => {
    await expectStatus(readBody(post('<r/>', XML), { accept: 'json' }, defaultLimits), 415)
    await expectStatus(readBody(post('<r/>', XML), { accept: 'form' }, defaultLimits), 415)
  })

  it('decodes numeric character references, once', async () => {
    expect(await xml('<r><a>&#x41;&#66;&#x1F600;</a><b>&amp;#67;</b><c><![CDATA[&#65;]]></c></r>')).toEqual({ a: 'AB\u{1F600}', b: '&#67;', c: '&#65;' })
  })

  it('bounds XML work: element and attribute floods → 400 before the parser runs', async () => {
    const floods = [
      '<r>' + '<a/>'.repeat(240_000) + '</r>', // ~1 MB of empty elements
      '<r>' + ('<a>'.repeat(95) + '</a>'.repeat(95)).repeat(1300) + '</r>', // deep × wide
      '<r><a ' + Array.from({ length: 100_000 }, (_, i) => `b${i}="1"`).join(' ') + '/></r>',
    ]
    const limits = { ...defaultLimits, bodyBytes: 2 * 1024 * 1024, xmlBytes: 2 * 1024 * 1024 }
    await readBody(post('<r><a>1</a></r>', XML), any, limits) // load the parser first: the bound is on the work, not the import
    // the bound is checked by a linear scan before the parser: neither the validator nor the parser sees a flood
    const validate = vi.spyOn(fxp.XMLValidator, 'validate')
    const parse = vi.spyOn(fxp.XMLParser.prototype, 'parse')
    for (const doc of floods) {
      const { ms } = await cpuTime(() => expectStatus(readBody(post(doc, XML), any, limits), 400, /more than 5000 (elements|attributes)/))
      // a hang guard: typically ~15 ms of CPU (the same documents parsed without the limits take 300–650 ms)
      expect(ms).toBeLessThan(2000)
    }
    expect(validate).not.toHaveBeenCalled()
    expect(parse).not.toHaveBeenCalled()
  })

  it('has its own smaller byte limit (xmlBytes, 413) and configurable counts', async () => {
    await expectStatus(xml('<r><a>' + 'x'.repeat(300 * 1024) + '</a></r>'), 413)
    const few = { ...defaultLimits, xmlElements: 3, xmlAttributes: 1 }
    expect(await readBody(post('<r><a x="1">1</a><b>2</b></r>', XML), any, few)).toEqual({ a: '1', b: '2' })
    await expectStatus(readBody(post('<r><a>1</a><b>2</b><c/></r>', XML), any, few), 400, 'more than 3 elements')
    await expectStatus(readBody(post('<r a="1" b=\'2\'/>', XML), any, few), 400, 'more than 1 attributes')
    // `=` in text, comments and CDATA is no attribute; `>` inside a quoted value does not end the tag.
    expect(await readBody(post('<r x="a>b"><!-- a=1 b=2 --><a>x=y</a><![CDATA[<c d=1 e=2>]]></r>', XML), any, few)).toEqual({ a: 'x=y' })
  })
})
