import express from 'express'
import { callNodeListener } from '../../src/node/bridge/call'
const app = express()
app.use((req, res, next) => { console.log('mw', req.method, req.url, req.headers); next() })
app.use(express.json())
app.post('/echo', (req, res) => { console.log('handler', req.body); res.json({ got: req.body }) })
setTimeout(() => { console.log('timeout'); process.exit(1) }, 2000)
const r = await callNodeListener(app, new Request('http://localhost/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' }))
console.log(r.status, await r.text())
process.exit(0)
