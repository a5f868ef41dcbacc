/** The same endpoint in Hono + @hono/valibot-validator, as its docs write it. */
import { vValidator } from '@hono/valibot-validator'
import { Hono } from 'hono'
import * as v from 'valibot'

export default new Hono().get('/x', vValidator('query', v.object({ q: v.string() })), (c) =>
  c.json({ hello: c.req.valid('query').q }),
)
