import { Elysia } from 'elysia'
import { attachElysia } from '../../src/adapters/elysia'
const app = new Elysia().get('/health', () => ({ ok: true }))
attachElysia(app, (r) => new Response('fw'), '/api')
const r = await app.fetch(new Request('http://127.0.0.1:3000/api')); console.log(r.status, await r.text())
const app2 = new Elysia().get('/health', () => ({ ok: true }))
app2.all('/api', () => new Response('fw2'))
const r2 = await app2.fetch(new Request('http://127.0.0.1:3000/api')); console.log(r2.status, await r2.text())
const app3 = new Elysia().get('/health', () => ({ ok: true })).all('/api', () => new Response('fw3'))
const r3 = await app3.fetch(new Request('http://127.0.0.1:3000/api')); console.log(r3.status, await r3.text())
