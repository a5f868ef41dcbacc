/**
 * Issue 54 #15–#17 in a real browser: headless Chromium on a page of one origin drives
 * examples/realworld (served on Node with `CORS_ORIGINS` naming that page's origin) as the
 * official frontend does — register, log in, then a public route (`/api/tags`, whose root hook
 * reads the viewer) and a protected one (`/api/user`) with `Authorization: Token <jwt>` — with no
 * CORS error; and a stale token never turns a login or a public route into a 401.
 *
 *   npx vitest run tests/realworld/browser.test.ts
 */
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium as playwright, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requirement, which } from '../helpers/requires'
import { labelled, startServer, type Server } from '../runtimes/runtimes'

const executablePath = which('chromium', 'chromium-browser')
const skipBrowser =
  process.env.FW_SKIP_BROWSER === '1' ||
  requirement('chromium', executablePath, 'apt-get install -y chromium (or FW_SKIP_BROWSER=1 to skip silently)') !== undefined

/** A call from the page: `<status> <body>`, or `failed: …` when the browser refused it (CORS). */
function call(page: Page, url: string, init: { method?: string; token?: string; body?: unknown }): Promise<string> {
  return page.evaluate(
    async ({ url, method, token, body }) => {
      const headers: Record<string, string> = {}
      if (token) headers.authorization = `Token ${token}`
      if (body !== undefined) headers['content-type'] = 'application/json'
      try {
        const response = await fetch(url, { method: method ?? 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body) })
        return `${response.status} ${await response.text()}`
      } catch (error) {
        return `failed: ${String(error)}`
      }
    },
    { url, method: init.method, token: init.token, body: init.body },
  )
}

describe.skipIf(skipBrowser)('examples/realworld from another origin in Chromium', () => {
  let api: Server
  let site: HttpServer
  let siteOrigin = ''
  let browser: Browser

  beforeAll(async () => {
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>conduit</title>'))
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`
    api = await startServer(labelled('node'), 'examples/realworld/server.ts', 120_000, { CONDUIT_DEV: '1', CORS_ORIGINS: siteOrigin, PBKDF2_ITERATIONS: '1000' })
    if (!executablePath) throw new Error('no chromium installed')
    browser = await playwright.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run'] })
  }, 150_000)
  afterAll(async () => {
    await browser?.close()
    site?.close()
    await api?.stop()
  })

  it('registers, logs in, and calls a public and a protected route with the token; a stale token is never a 401 at login', async () => {
    const page = await browser.newPage()
    await page.goto(siteOrigin)
    const user = { username: 'jake', email: 'jake@jake.jake', password: 'jakejake' }
    const registered = await call(page, `${api.origin}/api/users`, { method: 'POST', body: { user } })
    expect(registered, api.output()).toMatch(/^201 |^200 /)
    const login = await call(page, `${api.origin}/api/users/login`, { method: 'POST', body: { user: { email: user.email, password: user.password } } })
    expect(login).toMatch(/^200 /)
    const token = (JSON.parse(login.slice(4)) as { user: { token: string } }).user.token
    expect(await call(page, `${api.origin}/api/tags`, { token })).toMatch(/^200 \{"tags":/)
    expect(await call(page, `${api.origin}/api/user`, { token })).toMatch(/^200 \{"user":\{"email":"jake@jake.jake"/)
    const stale = `${token.slice(0, -4)}AAAA`
    expect(await call(page, `${api.origin}/api/tags`, { token: stale })).toMatch(/^200 /)
    expect(await call(page, `${api.origin}/api/articles`, { token: stale })).toMatch(/^200 /)
    expect(await call(page, `${api.origin}/api/users/login`, { method: 'POST', token: stale, body: { user: { email: user.email, password: user.password } } })).toMatch(/^200 /)
    expect(await call(page, `${api.origin}/api/user`, { token: stale })).toMatch(/^401 /)
  })
})
