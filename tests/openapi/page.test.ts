/**
 * SPEC §9 docs page: `docs: true` serves `<route>/docs` (HTML),
 * `<route>/docs/openapi.json` and the installed Scalar bundle at
 * `<route>/docs/scalar.<version>.js`, with CSP, nosniff and frame-ancestors;
 * a CDN only when `scriptUrl` is given. In headless Chromium (Debian's
 * package, driven by playwright-core) with every request off the local
 * server refused, the page renders every operation of the example.
 * A screenshot is saved under tests/.tmp/openapi/. The browser test fails
 * where no chromium is installed, unless FW_SKIP_BROWSER=1 says to skip it.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium as playwright } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Fw, type RunningServer } from 'fw-api'
import { docsHandler } from '../../src/openapi/page'
import { requirement, which } from '../helpers/requires'
import { RootAPI, service } from '../../examples/app'

const out = fileURLToPath(new URL('../.tmp/openapi/', import.meta.url))

describe('docs routes', () => {
  it('serves the page and the document under <route>/docs', async () => {
    const page = await service.fetch(new Request('http://x/api/docs'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain('data-url="/api/docs/openapi.json"')
    expect(html).toContain(`src="/api/docs/scalar.${SCALAR_VERSION}.js"`)
    expect(html).not.toContain('cdn.')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';")
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const doc = await service.fetch(new Request('http://x/api/docs/openapi.json'))
    expect(doc.status).toBe(200)
    expect(doc.headers.get('access-control-allow-origin')).toBeNull()
    expect(await doc.json()).toEqual(JSON.parse(JSON.stringify(service.openapi())))
    expect((await service.fetch(new Request('http://x/api/docs/openapi.json', { method: 'POST' }))).status).toBe(405)
    expect((await service.fetch(new Request('http://x/api/docs/nope'))).status).toBe(404)
  })

  it('takes a path and a script URL, and escapes them into the page', async () => {
    const custom = new Fw(import.meta.url, { api: RootAPI, route: '/api', docs: { path: '/reference', scriptUrl: '/assets/scalar.js?a=1&b="2"' } })
    const html = await (await custom.fetch(new Request('http://x/reference'))).text()
    expect(html).toContain('data-url="/reference/openapi.json"')
    expect(html).toContain('src="/assets/scalar.js?a=1&amp;b=&quot;2&quot;"')
    expect((await custom.fetch(new Request(`http://x/reference/scalar.${SCALAR_VERSION}.js`))).status).toBe(404) // not served when scriptUrl is set
    expect((await custom.fetch(new Request('http://x/api/docs'))).status).toBe(404)
    expect((await new Fw(import.meta.url, { api: RootAPI, docs: '/d' }).fetch(new Request('http://x/d/openapi.json'))).status).toBe(200)
  })
})

const executablePath = which('chromium', 'chromium-browser')

const SCALAR = new URL('../../node_modules/@scalar/api-reference/', import.meta.url)
const SCALAR_VERSION = (JSON.parse(await readFile(new URL('package.json', SCALAR), 'utf8')) as { version: string }).version

describe('the page script and headers', () => {
  it('serves the installed Scalar bundle at a versioned, cacheable URL', async () => {
    const script = await service.fetch(new Request(`http://x/api/docs/scalar.${SCALAR_VERSION}.js`))
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await script.arrayBuffer()).equals(await readFile(new URL('dist/browser/standalone.js', SCALAR)))).toBe(true)
    expect((await service.fetch(new Request('http://x/api/docs/scalar.0.0.1.js'))).status).toBe(404)
    const head = await service.fetch(new Request(`http://x/api/docs/scalar.${SCALAR_VERSION}.js`, { method: 'HEAD' }))
    expect([head.status, await head.text()]).toEqual([200, ''])
  })

  it('allows a CDN script origin only when scriptUrl names it; frame-ancestors is configurable', async () => {
    const cdn = new Fw(import.meta.url, { api: RootAPI, docs: { scriptUrl: 'https://cdn.example/scalar@1.46.4.js', frameAncestors: "'self' https://portal.example" } })
    const page = await cdn.fetch(new Request('http://x/docs'))
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self' https://cdn.example;")
    expect(policy).toContain("frame-ancestors 'self' https://portal.example")
    expect(page.headers.get('x-frame-options')).toBeNull()
    expect(await page.text()).toContain('src="https://cdn.example/scalar@1.46.4.js"')
  })

  it('says how to get the script when @scalar/api-reference is not installed', async () => {
    const handler = docsHandler({ path: '/docs', title: 't', resolveFrom: 'file:///nowhere/x.js', document: () => service.openapi() })
    const html = await (await handler(new Request('http://x/'))).text()
    expect(html).not.toContain('<script')
    expect(html).toContain('npm install @scalar/api-reference')
    expect(html).toContain('href="/docs/openapi.json"')
  })
})

const skipBrowser =
  process.env.FW_SKIP_BROWSER === '1' ||
  requirement('chromium', executablePath, 'apt-get install -y chromium (or FW_SKIP_BROWSER=1 to skip silently)') !== undefined

describe.skipIf(skipBrowser)('docs page in headless Chromium', () => {
  let server: RunningServer
  let base = ''

  beforeAll(async () => {
    // The default: no scriptUrl, so fw serves the installed bundle itself.
    const site = new Fw(import.meta.url, { name: 'example', api: RootAPI, route: '/api', docs: true })
    server = await site.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}`
  })
  afterAll(() => server?.close())

  it('finds chromium (install it with apt-get install -y chromium, or set FW_SKIP_BROWSER=1)', () => {
    expect(executablePath).toBeDefined()
  })

  it('renders every operation of the example with the network disabled', async () => {
    if (!executablePath) throw new Error('no chromium installed')
    const browser = await playwright.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run'],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      // Offline: only the local server answers; anything else is refused and recorded.
      const offsite: string[] = []
      const violations: string[] = []
      page.on('console', (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())))
      await page.route('**/*', (route) => {
        if (route.request().url().startsWith(base)) return route.continue()
        offsite.push(route.request().url())
        return route.abort('internetdisconnected')
      })
      await page.goto(`${base}/api/docs`, { waitUntil: 'load', timeout: 30_000 })
      const doc = service.openapi()
      // One rendered section per operation: Scalar gives it an id ending in `/<METHOD><path>`.
      const expected = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `/${method.toUpperCase()}${path}`))
      expect(expected).toHaveLength(37) // 36 endpoints, getDoc also without its optional page
      const rendered = (suffixes: string[]) => suffixes.filter((suffix) => ![...document.querySelectorAll('[id]')].some((el) => el.id.endsWith(suffix)))
      const allRendered = (suffixes: string[]) => suffixes.every((suffix) => [...document.querySelectorAll('[id]')].some((el) => el.id.endsWith(suffix)))
      await page.waitForFunction(allRendered, expected, { timeout: 30_000 }).catch(() => undefined)
      const missing = await page.evaluate(rendered, expected)
      expect(missing).toEqual([])
      expect(offsite).toEqual([])
      expect(violations).toEqual([])
      const text = await page.evaluate(() => document.body.innerText)
      for (const summary of Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.summary as string))) expect(text, summary).toContain(summary)
      await mkdir(out, { recursive: true })
      await page.screenshot({ path: join(out, 'openapi-page.png') })
    } finally {
      await browser.close()
    }
  }, 90_000)
})
