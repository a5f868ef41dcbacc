/**
 * `timeouts` on `service.run()` with a backend: the Node servers fw creates
 * for Express, Koa and the `node:http` module (and fw's own server for a
 * fetch backend such as Hono), and the servers Fastify and Nest create and
 * run (set before they listen), close a connection whose headers trickle
 * in. A taken port rejects with the same message whatever serves.
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import http from 'node:http'
import net from 'node:net'
import express from 'express'
import { Hono } from 'hono'
import Koa from 'koa'
import fastify from 'fastify'
import * as nest from '@nestjs/core'
import { conf } from 'fw-api'
import { loadFixture, platformModule, platforms } from '../nest/helpers'
import { afterEach, describe, expect, it } from 'vitest'
import { Fw, type RunningServer } from 'fw-api'
import { CalcAPI } from './fw-api'
import { call } from './helpers'

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** Send the request line and then one header every 100 ms, never finishing; resolve with ms until the server closed. */
function trickle(port: number, giveUpMs: number): Promise<{ closedAfter: number; closed: boolean }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let n = 0
    const timer = setInterval(() => socket.write(`x-slow-${n++}: 1\r\n`), 100)
    const finish = (closed: boolean): void => {
      clearInterval(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ closedAfter: performance.now() - started, closed })
    }
    const giveUp = setTimeout(() => finish(false), giveUpMs)
    socket.on('connect', () => socket.write('GET /calc/add?a=1&b=2 HTTP/1.1\r\nHost: 127.0.0.1\r\n'))
    socket.on('close', () => finish(true))
    socket.on('error', () => finish(true))
  })
}

/** Run `service` (timeouts.headers 600 ms): fw answers, and trickled headers are cut off after the timeout. */
async function expectHeadersTimeout(service: Fw): Promise<void> {
    const server = await service.run({ port: 0 })
    servers.push(server)
    expect((await call(`http://127.0.0.1:${server.port}`, '/calc/add?a=1&b=2')).status).toBe(200)
    const slow = await trickle(server.port, 8000)
    expect(slow.closed).toBe(true)
    expect(slow.closedAfter).toBeGreaterThan(500)
    expect(slow.closedAfter).toBeLessThan(4000)
}

const backends: [string, () => unknown][] = [
  ['Express', () => express()],
  ['Koa', () => new Koa()],
  ['node:http', () => http],
  ['Hono', () => new Hono()],
  ['Fastify', () => fastify()],
]

describe.each(backends)('service.run() with a %s backend', (_name, make) => {
  it('applies `timeouts.headers`: trickled headers are cut off', async () => {
    const service = new Fw(import.meta.url, { api: CalcAPI, backend: make(), route: '/calc', timeouts: { headers: 600, request: 1200 } })
    await expectHeadersTimeout(service)
  }, 15_000)
})

describe('timeouts given as undefined (an unset environment variable)', () => {
  const kinds: [string, () => unknown][] = [['no backend', () => undefined], ...backends]
  it.each(kinds)('%s: each takes its default, and the server serves (Node refused a NaN check interval)', async (_name, make) => {
    const backend = make()
    const timeouts = { headers: undefined, request: undefined, keepAlive: undefined }
    const service = new Fw(import.meta.url, { api: CalcAPI, route: '/calc', timeouts, ...(backend === undefined ? {} : { backend }) })
    const server = await service.run({ port: 0 })
    servers.push(server)
    expect((await call(`http://127.0.0.1:${server.port}`, '/calc/add?a=1&b=2')).status).toBe(200)
  })
})

describe('a timeout that is not a number of ms (Number(undefined) from an unset variable)', () => {
  const kinds: [string, () => unknown][] = [['no backend', () => undefined], ...backends]
  it.each(kinds)('%s: run() rejects naming it, before a server gets it (Node aborted the process)', async (_name, make) => {
    const backend = make()
    const service = new Fw(import.meta.url, { api: CalcAPI, route: '/calc', timeouts: { headers: Number(undefined) }, ...(backend === undefined ? {} : { backend }) })
    await expect(service.run({ port: 0 })).rejects.toThrow('timeouts.headers is a number of ms (0 or more), not NaN')
  })
})

describe.each(platforms)('service.run() with a Nest backend (%s platform)', (platform) => {
  it('applies `timeouts.headers` to the server Nest creates', async () => {
    const fixture = await loadFixture('backend')
    const service = new Fw(import.meta.url, { api: CalcAPI, backend: nest, route: '/calc', timeouts: { headers: 600, request: 1200 } })
    service.use(new conf.NestSettings({ module: fixture.AppModule, options: { logger: false }, platform: await platformModule(platform) }))
    await service.setup()
    await expectHeadersTimeout(service)
  }, 90_000) // a hang guard: loading Nest takes seconds on a busy machine
})

describe('a taken port', () => {
  const kinds: [string, () => unknown][] = [['no backend', () => undefined], ...backends]
  it.each(kinds)('%s: run() rejects with the one message (no uncaught error event)', async (_name, make) => {
    const held = new Fw(import.meta.url, { api: CalcAPI, route: '/calc' })
    const first = await held.run({ port: 0 })
    servers.push(first)
    const backend = make()
    const service = new Fw(import.meta.url, { api: CalcAPI, route: '/calc', ...(backend === undefined ? {} : { backend }) })
    await expect(service.run({ port: first.port })).rejects.toThrow(`cannot listen on 127.0.0.1:${first.port}: the address is already in use (EADDRINUSE)`)
  })
})
