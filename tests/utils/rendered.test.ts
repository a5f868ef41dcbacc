/**
 * src/utils/rendered.ts: the renderer tells the listener (none by default) of each answer made from
 * JSON text, and hands the answer back as it is.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { rendered, renderedListener } from '../../src/utils/rendered'

const before = renderedListener.hear

afterEach(() => {
  renderedListener.hear = before
})

describe('rendered', () => {
  it('hands back the very response, with nobody listening', () => {
    renderedListener.hear = undefined
    const response = new Response('{"id":1}')
    expect(rendered(response, '{"id":1}')).toBe(response)
  })

  it('tells the listener the response and its text, once per answer', () => {
    const heard: [Response, string][] = []
    renderedListener.hear = (response, text) => heard.push([response, text])
    const first = new Response('[1]')
    const second = new Response('"x"')
    expect(rendered(first, '[1]')).toBe(first)
    expect(rendered(second, '"x"')).toBe(second)
    expect(heard).toEqual([
      [first, '[1]'],
      [second, '"x"'],
    ])
  })

  it('tells nothing of an answer without a body (null)', () => {
    const heard: unknown[] = []
    renderedListener.hear = (response) => heard.push(response)
    const empty = new Response(null, { status: 204 })
    expect(rendered(empty, null)).toBe(empty)
    expect(heard).toEqual([])
  })
})
