/**
 * Multipart: fw's streaming parser vs @remix-run/multipart-parser (Web APIs only, like fw's; busboy needs
 * node:stream, so it cannot run on Workers). Run: npx tsx bench/libs/multipart.ts. Prints how each answers
 * the RFC 2046 cases fw's suites hold it to, then the cost of each on a small form and a 1 MiB file.
 */
import { parseMultipart as remixParse } from '@remix-run/multipart-parser'
import { parseMultipart } from '../../src/body/multipart'
import { compare } from './measure'

const encoder = new TextEncoder()
const boundary = 'fwBoundary12'
const limits = { bytes: 8 << 20, parts: 1000, files: 10, fileBytes: 4 << 20, fieldBytes: 1 << 20 }
const part = (name: string, body: string, filename?: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n${body}\r\n`
const form = (parts: string, preamble = '', epilogue = '') => encoder.encode(`${preamble}${parts}--${boundary}--\r\n${epilogue}`)

function outcome(run: () => unknown): string {
  try {
    run()
    return 'accepted'
  } catch (error) {
    return `refused (${error instanceof Error ? error.message.slice(0, 60) : String(error)})`
  }
}
const remixAll = (bytes: Uint8Array, options: { maxFileSize?: number } = {}) => [...remixParse(bytes, { boundary, ...options })]
const cases: [string, Uint8Array<ArrayBuffer>][] = [
  ['a preamble before the first delimiter (RFC 2046 §5.1.1)', form(part('a', 'A'), 'preamble\r\n')],
  ['an epilogue after the closing delimiter', form(part('a', 'A'), '', 'epilogue')],
  ['transport padding after a delimiter', encoder.encode(`--${boundary}  \r\nContent-Disposition: form-data; name="a"\r\n\r\nA\r\n--${boundary}--\r\n`)],
]
for (const [label, bytes] of cases) console.log(`${label}: fw ${outcome(() => parseMultipart(bytes, boundary, limits))}; remix ${outcome(() => remixAll(bytes))}`)

// A 64 KiB text field under a 1 MiB file bound: fw bounds fields and files apart, remix has one bound per part.
const bigField = form(part('note', 'x'.repeat(64 * 1024)))
console.log(`64 KiB field, field bound 16 KiB, file bound 1 MiB: fw ${outcome(() => parseMultipart(bigField, boundary, { ...limits, fieldBytes: 16 * 1024, fileBytes: 1 << 20 }))}; remix ${outcome(() => remixAll(bigField, { maxFileSize: 1 << 20 }))} (one maxFileSize for every part)`)
// An undeclared file: fw refuses it at its first byte; remix yields a part only once its content is buffered whole.
const undeclared = form(part('avatar', 'y'.repeat(1 << 20), 'a.bin'))
console.log(`1 MiB file in a field that takes none: fw ${outcome(() => parseMultipart(undeclared, boundary, { ...limits, fileFields: ['doc'] }))}; remix: yields the part after buffering all ${1 << 20} bytes`)

const small = form(part('title', 'hello') + part('doc', 'z'.repeat(1024), 'doc.txt'))
compare('multipart (field + 1 KiB file)', [
  { name: 'fw parser', run: () => parseMultipart(small, boundary, limits) },
  { name: 'remix parser', run: () => remixAll(small).map((item) => (item.isFile ? new File([item.bytes as Uint8Array<ArrayBuffer>], item.filename ?? '') : item.text)) },
], 5000)
const large = form(part('doc', 'z'.repeat(1 << 20), 'doc.bin'))
compare('multipart (1 MiB file)', [
  { name: 'fw parser', run: () => parseMultipart(large, boundary, limits) },
  { name: 'remix parser', run: () => remixAll(large).map((item) => (item.isFile ? new File([item.bytes as Uint8Array<ArrayBuffer>], item.filename ?? '') : item.text)) },
], 20)
