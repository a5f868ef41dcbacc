/**
 * Issue 54 #15 in a real browser: headless Chromium (Debian's package, driven by playwright-core)
 * on a page of one origin calls fw's security fixture (tests/runtimes/fixtures/security.ts,
 * served on Node) on another, with an `Authorization` header, on routes where only a root
 * `'*'` hook reads it. The browser's own preflight must allow the header, or the call fails
 * before it is sent. Fails where no chromium is installed, unless FW_SKIP_BROWSER=1.
 *
 *   npx vitest run tests/security/cors-browser.test.ts
 */
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium as playwright, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requirement, which } from '../helpers/requires'
import { labelled, startServer, type Server } from '../runtimes/runtimes'

const executablePath = which('chromium', 'chromium-browser')
const skipBrowser =
  process.env.FW_SKIP_BROWSER === '1' ||
  requirement('chromium', executablePath, 'apt-get install -y chromium (or FW_SKIP_BROWSER=1 to skip silently)') !== undefined

describe.skipIf(skipBrowser)('a cross-origin call with Authorization from Chromium', () => {
  let api: Server
  let site: HttpServer
  let siteOrigin = ''
  let browser: Browser

  beforeAll(async () => {
    api = await startServer(labelled('node'), 'tests/runtimes/fixtures/security-server.ts', 60_000)
    // The calling page: another origin (localhost, not 127.0.0.1), an empty document.
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>site</title>'))
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`
    if (!executablePath) throw new Error('no chromium installed')
    browser = await playwright.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run'] })
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    site?.close()
    await api?.stop()
  })

  it('passes the preflight of a route guarded by a root hook, and the hook reads the header', async () => {
    const page = await browser.newPage()
    await page.goto(siteOrigin)
    const call = (url: string) =>
      page.evaluate(async (target) => {
        try {
          const response = await fetch(target, { headers: { authorization: 'Bearer from-the-browser' } })
          return `${response.status} ${await response.text()}`
        } catch (error) {
          return `failed: ${String(error)}`
        }
      }, url)
    // A non-safelisted header: the browser sends an OPTIONS preflight first and sends the call only if it is allowed.
    expect(await call(`${api.origin}/api/guarded/who`)).toBe('200 "Bearer from-the-browser"')
    expect(await call(`${api.origin}/api/guarded/tags`)).toBe('200 ["a"]')
  })
})
