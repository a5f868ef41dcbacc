import { Elysia } from 'elysia'
function attach(app, fetch, route) {
  const handler = ({ request }) => fetch(request)
  app.all(route === '' ? '/' : route, handler, { parse: 'none' })
  app.all(`${route}/*`, handler, { parse: 'none' })
  return app
}
const app = attach(new Elysia().get('/health', () => ({ ok: true })), (r) => new Response('fw'), '/api')
for (const u of ['/api', '/api/x']) { const r = await app.fetch(new Request('http://127.0.0.1:3000' + u)); console.log(u, r.status, await r.text()) }
const h = ({ request }) => new Response('x')
const app2 = new Elysia(); app2.all('/api', h, { parse: 'none' }); app2.all('/api/*', h, { parse: 'none' })
for (const u of ['/api', '/api/x']) { const r = await app2.fetch(new Request('http://127.0.0.1:3000' + u)); console.log('same handler twice', u, r.status, await r.text()) }
