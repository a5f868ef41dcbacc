import { fromNode } from '../../src/adapters'
const size = 4 * 1024 * 1024
const app = fromNode((req, res) => {
  console.log('handler'); 
  res.setHeader('content-type', 'application/octet-stream')
  req.pipe(res)
})
let sent = 0
const chunk = new Uint8Array(64 * 1024).fill(7)
const body = new ReadableStream<Uint8Array>({ pull(controller) { if (sent >= size) return controller.close(); sent += chunk.byteLength; controller.enqueue(chunk) } })
setTimeout(() => { console.log('timeout sent', sent); process.exit(1) }, 3000)
const response = await app.fetch(new Request('http://localhost/echo', { method: 'POST', body, duplex: 'half' } as RequestInit))
console.log('response', response.status)
const bytes = new Uint8Array(await response.arrayBuffer())
console.log(bytes.byteLength)
process.exit(0)
