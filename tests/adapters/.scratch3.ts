import { createIncomingMessage } from '../../src/node/bridge/incoming'
import { createSocket } from '../../src/node/bridge/socket'
import { loadHttp, loadStream } from '../../src/node/bridge/runtime'
const request = new Request('http://localhost/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' })
const { req } = createIncomingMessage(loadHttp('x'), request, new URL(request.url), createSocket(loadStream('x'), {}))
const orig = req._read
req._read = function (n) { console.log('_read called'); return orig.call(this, n) }
req.on('data', c => console.log('data', String(c)))
req.on('end', () => { console.log('end'); process.exit(0) })
setTimeout(() => { console.log('timeout', req.readableFlowing, req.readableLength); process.exit(1) }, 1000)
