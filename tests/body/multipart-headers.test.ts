/**
 * `parsePartHeaders` reads the header block browsers send with a few
 * `startsWith` and hands every other block to the general reader
 * (`parseHeaderLines`): both must read every block alike.
 */
import { describe, expect, it } from 'vitest'
import { parseHeaderLines, parsePartHeaders } from '../../src/body/multipart-headers'

const values = ['title', '', 'ä 名', 'a;b', 'a=b', 'x y', 'a"b', 'a\\"b', 'a\\\\b', 'C:\\dir\\a.txt', 'a%22b', 'a%0Db', '%', 'a\r\nb', 'a\rb', 'a\nb', "UTF-8''n%C3%A4.txt"]
const types = [undefined, 'text/plain', 'Text/Plain', ' text/plain ', 'text/plain; charset=utf-8', '', '  ', 'image/png;', 'a\r\nX-More: 1']
const tails = ['', '; foo=bar', '; name="again"', '; filename*=UTF-8\'\'x.txt', ' ', '\r\nX-Other: 1']

function* blocks(): Generator<string> {
  for (const prefix of ['Content-Disposition: form-data; name="', 'content-disposition: form-data; name="', 'Content-Disposition: form-data;name="', 'Content-Disposition: attachment; name="']) {
    for (const name of values) {
      for (const filename of [undefined, ...values]) {
        for (const type of types) {
          let block = `${prefix}${name}"`
          if (filename !== undefined) block += `; filename="${filename}"`
          if (type !== undefined) block += `\r\nContent-Type: ${type}`
          yield block
        }
      }
    }
  }
  for (const tail of tails) {
    yield `Content-Disposition: form-data; name="a"${tail}`
    yield `Content-Disposition: form-data; name="a"; filename="b"${tail}`
    yield `Content-Disposition: form-data; name="a"; filename="b"\r\nContent-Type: text/plain${tail}`
  }
  yield 'Content-Disposition: form-data; name="a'
  yield 'Content-Disposition: form-data; name="a"; filename="b'
  yield 'Content-Type: text/plain\r\nContent-Disposition: form-data; name="a"'
}

describe('parsePartHeaders', () => {
  it('reads the browser spelling', () => {
    expect(parsePartHeaders('Content-Disposition: form-data; name="title"')).toEqual({ name: 'title' })
    expect(parsePartHeaders('Content-Disposition: form-data; name="file"; filename="report.txt"\r\nContent-Type: Text/Plain')).toEqual({
      name: 'file',
      filename: 'report.txt',
      type: 'text/plain',
    })
  })

  it('reads every block as the general reader does', () => {
    let count = 0
    for (const block of blocks()) {
      expect(parsePartHeaders(block), JSON.stringify(block)).toEqual(parseHeaderLines(block))
      count++
    }
    expect(count).toBeGreaterThan(4000)
  })
})
