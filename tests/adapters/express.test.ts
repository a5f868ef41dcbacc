import express from 'express'
import { describe, expect, it } from 'vitest'
import { attach } from '../../src/adapters'
import { expressMiddleware } from '../../src/adapters/express'
import { call, loopbackServers, contractCases, standIn, within } from './helpers'

const serve = await loopbackServers()

describe('fw attached to Express', () => {
  it('serves native routes and fw routes side by side (express.json() before fw)', async () => {
    const app = express()
    app.use(express.json())
    app.get('/health', (_req, res) => {
      res.json({ ok: true })
    })
    app.post('/native', (req, res) => {
      res.json({ native: req.body })
    })
    expect(attach(app, standIn('/api'), '/api', {})).toBe(app)
    app.get('/after', (_req, res) => {
      res.send('after')
    })
    const base = await serve(app)

    await contractCases(base, '/api')
    expect((await call(base, '/health')).json()).toEqual({ ok: true })
    const native = await call(base, '/native', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' })
    expect(native.json()).toEqual({ native: { n: 1 } })
    // outside /api: fw is skipped, later Express routes answer
    expect((await call(base, '/after')).text).toBe('after')
    // inside /api: fw's own 404
    const missing = await call(base, '/api/nope')
    expect(missing.status).toBe(404)
    expect(missing.json()).toEqual({ data: null, msg: 'NotFound: /api/nope' })
  })

  it('reuses a body consumed by express.json() / urlencoded() / text() without hanging', async () => {
    const app = express()
    app.use(
      express.json(),
      express.urlencoded({ extended: true }),
      express.text({ type: 'text/*' }),
      express.raw({ type: 'application/octet-stream' }),
    )
    attach(app, standIn(), '/', {})
    const base = await serve(app)
    const post = (type: string, body: string) =>
      within(call(base, '/echo', { method: 'POST', headers: { 'content-type': type }, body }), 3000, type)

    const asJson = await post('application/json', '{"a":[1,2],"b":{"c":"d"}}')
    expect(asJson.json()).toEqual({ data: { body: '{"a":[1,2],"b":{"c":"d"}}', type: 'application/json', url: '/echo' }, msg: '' })
    const asForm = await post('application/x-www-form-urlencoded', 'a=1&a=2&b%5Bc%5D=d&e=x+y')
    const data = (asForm.json() as { data: { body: string } }).data
    expect(new URLSearchParams(data.body).getAll('a')).toEqual(['1', '2'])
    expect(new URLSearchParams(data.body).get('b[c]')).toBe('d')
    expect(new URLSearchParams(data.body).get('e')).toBe('x y')
    const asText = await post('text/plain', 'plain words')
    expect((asText.json() as { data: { body: string } }).data.body).toBe('plain words')
    const asRaw = await post('application/octet-stream', 'bytes\u0001')
    expect((asRaw.json() as { data: { body: string } }).data.body).toBe('bytes\u0001')
    // a type no parser took: the original stream reaches fw
    const other = await post('application/xml', '<a>1</a>')
    expect((other.json() as { data: { body: string } }).data.body).toBe('<a>1</a>')
  })

  it('at the root, a fw 404 falls through to later Express routes', async () => {
    const app = express()
    attach(app, standIn(), '', {})
    app.get('/native', (_req, res) => {
      res.send('native')
    })
    const base = await serve(app)
    expect((await call(base, '/native')).text).toBe('native')
    await contractCases(base, '')
    // HEAD through fw: headers, no body
    const head = await call(base, '/calc/add?a=1&b=2', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
  })

  it('the express module gives a Router to app.use (also under a mount path)', async () => {
    const entry = attach(express, standIn('/api'), '/api', {})
    expect(typeof entry).toBe('function')
    const app = express()
    app.get('/health', (_req, res) => {
      res.send('ok')
    })
    app.use(entry as express.Router)
    const base = await serve(app)
    await contractCases(base, '/api')
    expect((await call(base, '/health')).text).toBe('ok')
  })

  it('asynchronous: true gives a middleware returning a promise; false (default) returns nothing', async () => {
    const returned: Record<string, unknown> = {}
    const app = express()
    const asyncMw = expressMiddleware(standIn('/a'), '/a', { asynchronous: true })
    const callbackMw = expressMiddleware(standIn('/b'), '/b', {})
    app.use('/a', (req, res, next) => void (returned.a = asyncMw(req, res, next)))
    app.use('/b', (req, res, next) => void (returned.b = callbackMw(req, res, next)))
    const base = await serve(app)
    expect((await call(base, '/a/calc/add?a=1&b=2')).json()).toEqual({ data: 3, msg: '' })
    expect((await call(base, '/b/calc/add?a=1&b=2')).json()).toEqual({ data: 3, msg: '' })
    expect(returned.a).toBeInstanceOf(Promise)
    expect(returned).toHaveProperty('b', undefined)
  })

  it('an error thrown by fw goes to Express error handlers', async () => {
    const app = express()
    attach(
      app,
      () => {
        throw new Error('fw broke')
      },
      '/api',
      {},
    )
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).send(`handled: ${error.message}`)
    })
    const base = await serve(app)
    const response = await call(base, '/api/x')
    expect(response.status).toBe(500)
    expect(response.text).toBe('handled: fw broke')
  })
})
