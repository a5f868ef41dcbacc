import { parseMultipartStream } from '@remix-run/multipart-parser'
import { readMultipart } from './src/body/multipart'
const enc = new TextEncoder()
function body(fields: number, fileBytes: number): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = []
  for (let i = 0; i < fields; i++) parts.push(enc.encode(`--b0undary\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue ${i}\r\n`))
  if (fileBytes) { parts.push(enc.encode(`--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`)); parts.push(new Uint8Array(fileBytes).fill(97)); parts.push(enc.encode('\r\n')) }
  parts.push(enc.encode('--b0undary--\r\n'))
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0)); let o = 0; for (const p of parts) { out.set(p, o); o += p.length }
  return out
}
const stream = (b: Uint8Array) => new ReadableStream<Uint8Array<ArrayBuffer>>({ start(c) { for (let i = 0; i < b.length; i += 65536) c.enqueue(b.slice(i, i + 65536)); c.close() } })
const limits = { bytes: 1e9, parts: 100000, files: 100, fileBytes: 1e9, fieldBytes: 1e9 }
async function time(name: string, f: () => Promise<unknown>, n: number) {
  for (let i = 0; i < 3; i++) await f()
  const s = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(name.padEnd(40), ((performance.now() - s) / n).toFixed(2), 'ms')
}
for (const [label, b, n] of [['20 fields + 5 MiB file', body(20, 5 * 1024 * 1024), 20], ['1000 fields', body(1000, 0), 50], ['5 fields + 10 KiB file', body(5, 10240), 300]] as const) {
  console.log(label, b.length)
  await time('  native formData()', () => new Response(b, { headers: { 'content-type': 'multipart/form-data; boundary=b0undary' } }).formData(), n)
  await time('  @remix-run/multipart-parser', async () => { const out = []; for await (const p of parseMultipartStream(stream(b), { boundary: 'b0undary', maxFileSize: 1e9, maxParts: 1e6, maxTotalSize: 1e10 })) out.push(p.isFile ? new File([p.bytes], p.filename ?? '') : p.text); return out }, n)
  await time('  own streaming parser (current)', () => readMultipart(stream(b), 'b0undary', limits), n)
}
