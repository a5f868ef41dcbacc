/**
 * Content-Type: fw's `parseContentType` vs `content-type` 2.x (jshttp, installed as a dev dependency of
 * express). Run: npx tsx bench/libs/content-type.ts. Prints how each reads the headers fw's suites send.
 */
import { parse } from 'content-type'
import { parseContentType } from '../../src/utils/content-type'
import { compare } from './measure'

const cases = [
  'Application/JSON; Charset=UTF-8',
  'multipart/form-data; boundary="a;b \\"c\\""; x=1',
  'text/plain; charset=a; charset=b; junk; =x',
  'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW',
  'text/plain;charset=utf-8;',
  'application/json; charset=utf-8 ',
  'text/\u00c0b',
  'a/b c',
]
function theirs(header: string): string {
  try {
    const { type, parameters } = parse(header)
    return JSON.stringify({ essence: type, params: parameters })
  } catch (error) {
    return `throws (${error instanceof Error ? error.message : String(error)})`
  }
}
for (const header of cases) {
  const ours = JSON.stringify(parseContentType(header))
  const other = theirs(header)
  if (ours !== other) console.log(`differs on ${JSON.stringify(header)}: fw ${ours}; content-type ${other}`)
}
const multipart = 'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW'
compare('content-type (multipart header)', [
  { name: 'parseContentType (fw)', run: () => parseContentType(multipart) },
  { name: 'content-type.parse', run: () => parse(multipart) },
])
compare('content-type (text/plain; charset=utf-8)', [
  { name: 'parseContentType (fw)', run: () => parseContentType('text/plain; charset=utf-8') },
  { name: 'content-type.parse', run: () => parse('text/plain; charset=utf-8') },
])
