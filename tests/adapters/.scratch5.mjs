import { Elysia } from 'elysia'
const f = (r) => new Response('fw ' + new URL(r.url).pathname)
const h = ({ request }) => f(request)
const app = new Elysia().get('/health', () => ({ ok: true }))
app.all('/api', h, { parse: 'none' })
app.all('/api/*', h, { parse: 'none' })
for (const u of ['/health', '/api', '/api/x']) { const r = await app.fetch(new Request('http://127.0.0.1:3000' + u)); console.log(u, r.status, await r.text()) }
const app2 = new Elysia().get('/health', () => ({ ok: true })).all('/api', h, { parse: 'none' }).all('/api/*', h, { parse: 'none' })
for (const u of ['/health', '/api', '/api/x']) { const r = await app2.fetch(new Request('http://127.0.0.1:3000' + u)); console.log(u, r.status, await r.text()) }
