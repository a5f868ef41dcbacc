/** `API.__as__` (SPEC §6): one hidden service per process. */
import 'fw-api/adapters'
import express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { exceptions } from 'fw-api'
import { runBackend } from '../../src/adapters'
import { CalcAPI } from './fw-api'
import { call } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

let server: RunningBackend | undefined
afterAll(() => server?.close())

describe('API.__as__', () => {
  it('attaches to an Express app next to its own routes', async () => {
    const app = express()
    app.get('/native', (_req, res) => void res.send('native'))
    app.use(CalcAPI.__as__(express, '/calc', { asynchornous: false }) as express.Router)
    server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
    const base = `http://127.0.0.1:${server.port}`
    expect((await call(base, '/calc/add?a=1.5&b=2.1')).text).toBe('{"data":3,"msg":""}')
    expect((await call(base, '/calc/add?a=1&b=x')).text).toBe(`{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`)
    expect((await call(base, '/native')).text).toBe('native')
  })
  it('refuses a second call in the same process, pointing to adapt()', () => {
    expect(() => CalcAPI.__as__(Hono, '/again')).toThrow(exceptions.ImproperlyConfigured)
    expect(() => CalcAPI.__as__(Hono, '/again')).toThrow(/adapt\(route\)/)
  })
})
