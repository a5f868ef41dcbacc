/**
 * src/serve/node-head.ts: the heads fw's Node servers
 * refuse before anything runs, in-process (`refusedHead`) and over a real
 * socket to `service.run()` with no backend (native path) and with each
 * backend whose node:http server fw creates (Express, Koa, `node:http`,
 * Hono through @hono/node-server). tests/hostile/malformed.test.ts covers
 * the runtimes (Node native/web, Bun, Deno) started as processes.
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import http from 'node:http'
import net from 'node:net'
import express from 'express'
import { Hono } from 'hono'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import { Fw, type RunningServer } from 'fw-api'
import { NODE_MAX_HEADERS, refusedHead } from '../../src/serve/node-head'
import { CalcAPI } from '../adapters/fw-api'

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const fields = (count: number): string[] => Array.from({ length: count }, (_, i) => [`x-f${i}`, '1']).flat()

describe('refusedHead', () => {
  it('431 past NODE_MAX_HEADERS fields, 505 for a version but 1.x, 400 for a coding but chunked; else 0', () => {
    expect(refusedHead({ rawHeaders: fields(NODE_MAX_HEADERS), httpVersionMajor: 1 })).toBe(0)
    expect(refusedHead({ rawHeaders: fields(NODE_MAX_HEADERS + 1), httpVersionMajor: 1 })).toBe(431)
    expect(refusedHead({ rawHeaders: ['Host', 'a'], httpVersionMajor: 2 })).toBe(505)
    expect(refusedHead({ rawHeaders: ['Host', 'a'], httpVersionMajor: 0 })).toBe(505)
    expect(refusedHead({ rawHeaders: ['Transfer-Encoding', 'chunked'], httpVersionMajor: 1 })).toBe(0)
    expect(refusedHead({ rawHeaders: ['transfer-encoding', 'Chunked'], httpVersionMajor: 1 })).toBe(0)
    expect(refusedHead({ rawHeaders: ['Transfer-Encoding', 'identity, chunked'], httpVersionMajor: 1 })).toBe(400)
    expect(refusedHead({ rawHeaders: ['Transfer-Encoding', 'gzip'], httpVersionMajor: 1 })).toBe(400)
  })
})

/** The status line of the answer to `head` (the connection half-closed after it). */
function statusOf(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(head))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)))
    socket.on('error', reject)
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')))
  })
}
const get = (count: number): string => `GET /calc/add?a=1&b=2 HTTP/1.1\r\nHost: a\r\n${fields(count - 1).map((part, i) => (i % 2 ? `${part}\r\n` : `${part}: `)).join('')}\r\n`

const backends: [string, () => unknown][] = [
  ['no backend (the native path)', () => undefined],
  ['Express', () => express()],
  ['Koa', () => new Koa()],
  ['node:http', () => http],
  ['Hono', () => new Hono()],
]

describe.each(backends)('service.run() with %s on Node', (_name, make) => {
  it('2,000 header fields are served; 2,001 are a 431, never served with fields dropped', async () => {
    const backend = make()
    const service = new Fw(import.meta.url, { api: CalcAPI, route: '/calc', ...(backend === undefined ? {} : { backend }) })
    const server = await service.run({ port: 0 })
    servers.push(server)
    expect(await statusOf(server.port, get(NODE_MAX_HEADERS))).toBe(200)
    expect(await statusOf(server.port, get(NODE_MAX_HEADERS + 1))).toBe(431)
    expect(await statusOf(server.port, 'GET /calc/add?a=1&b=2 HTTP/2.0\r\nHost: a\r\n\r\n')).toBe(505)
  }, 15_000)
})
