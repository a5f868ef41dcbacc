/**
 * examples/chat (SPEC §16's example with fw-api/auth) served on Node over real HTTP: sign up and
 * log in → connect with the token → a publish reaches the other socket of the room → a bad
 * message gets an error frame → no token is 401 before 101; and the typed client bundled with
 * esbuild in a page of another origin in headless Chromium exchanges messages with a Node client.
 *
 *   npx vitest run tests/ws/chat-example.test.ts --typecheck.enabled=false
 */
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium as playwright, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import 'fw-api/client/ws'
import { ClientError, createClient, type ClientAsyncAPI, type ClientSocket, type WebSocketConstructor } from 'fw-api/client'
import type { RootAPI } from '../../examples/chat/app'
import { requirement, which } from '../helpers/requires'
import { labelled, startServer, type Server } from '../runtimes/runtimes'
import { refusal } from './client'

const executablePath = which('chromium', 'chromium-browser')
const skipBrowser = process.env.FW_SKIP_BROWSER === '1' || requirement('chromium', executablePath, 'apt-get install -y chromium (or FW_SKIP_BROWSER=1 to skip silently)') !== undefined

let api: Server
let site: HttpServer
let siteOrigin = ''
beforeAll(async () => {
  site = createServer()
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`
  api = await startServer(labelled('node'), 'examples/chat/server.ts', 120_000, { CHAT_DEV: '1', CHAT_ORIGINS: siteOrigin, PBKDF2_ITERATIONS: '1000' })
}, 150_000)
afterAll(async () => {
  site?.close()
  await api?.stop()
})

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${api.origin}/api/account/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Sign up `username` and log in: its token. */
async function account(username: string): Promise<string> {
  expect((await post('signup', { username, password: 'correct horse' })).status).toBe(200)
  const login = await post('login', { username, password: 'correct horse' })
  expect(login.status).toBe(200)
  const token = (login.body.result as { token?: unknown } | undefined)?.token ?? login.body.token
  expect(typeof token).toBe('string')
  return token as string
}

const clientOf = (token?: string) =>
  createClient<typeof RootAPI>({ baseURL: api.origin, route: '/api', WebSocket: WebSocket as unknown as WebSocketConstructor, ...(token ? { auth: { bearer: token } } : {}) })

async function next<T>(socket: ClientSocket<T, unknown>, ms = 5000): Promise<T | undefined> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms))
  const result = await Promise.race([socket[Symbol.asyncIterator]().next(), timeout])
  return result.done ? undefined : result.value
}

describe('examples/chat on Node', () => {
  it('login → connect with the token → a publish reaches the other socket of the room', async () => {
    const [ann, bob] = [await account('ann'), await account('bob')]
    const annSocket = await clientOf(ann).chat.room.connect({ room: 'lobby' })
    const bobSocket = await clientOf().chat.room.connect({ room: 'lobby', access_token: bob }) // the token as a browser sends it
    annSocket.send({ text: 'hello bob' })
    expect(await next(bobSocket)).toMatchObject({ from: 'ann', text: 'hello bob', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    bobSocket.send({ text: 'hi ann' })
    expect(await next(annSocket)).toMatchObject({ from: 'bob', text: 'hi ann' })
    annSocket.close()
    bobSocket.close()
  })

  it('a bad message gets an error frame and the socket lives', async () => {
    const token = await account('carol')
    const frames: unknown[] = []
    const socket = await clientOf(token).chat.room.connect({ room: 'checks' }, { onErrorFrame: (error) => frames.push(error) })
    const listener = await clientOf(token).chat.room.connect({ room: 'checks' })
    socket.send({ text: '' }) // minLength 1
    socket.send({ text: 'fine' })
    expect(await next(listener)).toMatchObject({ from: 'carol', text: 'fine' })
    // the error frame comes on the sender's connection, the message on the listener's: either may arrive first
    await vi.waitFor(() => expect(frames).toEqual([expect.objectContaining({ status: 400, message: 'invalid message' })]), { timeout: 10_000 })
    socket.close()
    listener.close()
  })

  it('401 before 101 without a token or with a bad one; a bad room is 400; wrong passwords do not log in', async () => {
    const base = `${api.origin.replace('http:', 'ws:')}/api/chat`
    expect((await refusal(`${base}/lobby`)).status).toBe(401)
    expect((await refusal(`${base}/lobby?access_token=not.a.jwt`)).status).toBe(401)
    const refused = await clientOf().chat.room.connect({ room: 'lobby' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ClientError)
    expect(refused).toMatchObject({ status: 401 })
    const token = await account('dave')
    expect((await refusal(`${base}/Not%20A%20Slug?access_token=${token}`)).status).toBe(400)
    expect((await post('login', { username: 'dave', password: 'wrong password' })).status).toBe(400)
  })

  it('a foreign page origin is refused (403); CHAT_ORIGINS lets the listed one in', async () => {
    const token = await account('erin')
    const base = `${api.origin.replace('http:', 'ws:')}/api/chat/lobby?access_token=${token}`
    expect((await refusal(base, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await refusal(base, { origin: siteOrigin })).status).toBe(101)
  })
})

describe.skipIf(skipBrowser)('examples/chat in Chromium: the typed client bundled with esbuild', () => {
  let browser: Browser
  beforeAll(async () => {
    if (!executablePath) throw new Error('no chromium installed')
    browser = await playwright.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run'] })
  }, 60_000)
  afterAll(() => browser?.close())

  it('a page of another origin connects with its token, reads, sends; a Node client in the room sees it', async () => {
    const bundled = await build({ entryPoints: [fileURLToPath(new URL('./fixtures/chat-page.ts', import.meta.url))], bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' })
    const script = bundled.outputFiles[0]?.text ?? ''
    expect(script).not.toContain('valibot')
    site.on('request', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>chat</title><script>${script}</script>`))
    const [pageToken, nodeToken] = [await account('frank'), await account('grace')]
    const asyncapi = (await (await fetch(`${api.origin}/api/docs/asyncapi.json`)).json()) as ClientAsyncAPI
    const page = await browser.newPage()
    await page.goto(siteOrigin)
    const node = await clientOf(nodeToken).chat.room.connect({ room: 'browser' })
    const joined = page.evaluate((args) => (window as unknown as { joinChat(a: typeof args): Promise<unknown[]> }).joinChat(args), { baseURL: api.origin, asyncapi, room: 'browser', token: pageToken, text: 'from the page' })
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, undefined, { timeout: 10_000 })
    node.send({ text: 'from node' })
    expect(await next(node)).toMatchObject({ from: 'frank', text: 'from the page' })
    node.send({ text: 'again' })
    expect(await joined).toEqual([
      expect.objectContaining({ from: 'grace', text: 'from node' }),
      expect.objectContaining({ from: 'grace', text: 'again' }),
      { errors: ['invalid message'] },
    ])
    node.close()
  }, 60_000)
})
