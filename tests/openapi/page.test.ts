/**
 * SPEC §9 docs page: `docs: true` serves `<route>/docs` (HTML) and
 * `<route>/docs/openapi.json`; the script URL is configurable. In headless
 * Chromium (Debian's package, driven by playwright-core) the page, with the
 * Scalar bundle served locally, renders every operation of the example.
 * A screenshot is saved under tests/.tmp/openapi/. Skips only where no
 * chromium is installed.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium as playwright } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Fw, type RunningServer } from 'fw-api'
import { RootAPI, service } from '../../examples/app'

const out = fileURLToPath(new URL('../.tmp/openapi/', import.meta.url))

function findChromium(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

describe('docs routes', () => {
  it('serves the page and the document under <route>/docs', async () => {
    const page = await service.fetch(new Request('http://x/api/docs'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain('data-url="/api/docs/openapi.json"')
    expect(html).toContain('src="https://cdn.jsdelivr.net/npm/@scalar/api-reference@1"')
    const doc = await service.fetch(new Request('http://x/api/docs/openapi.json'))
    expect(doc.status).toBe(200)
    expect(await doc.json()).toEqual(JSON.parse(JSON.stringify(service.openapi())))
    expect((await service.fetch(new Request('http://x/api/docs/openapi.json', { method: 'POST' }))).status).toBe(405)
    expect((await service.fetch(new Request('http://x/api/docs/nope'))).status).toBe(404)
  })

  it('takes a path and a script URL, and escapes them into the page', async () => {
    const custom = new Fw(import.meta.url, { api: RootAPI, route: '/api', docs: { path: '/reference', scriptUrl: '/assets/scalar.js?a=1&b="2"' } })
    const html = await (await custom.fetch(new Request('http://x/reference'))).text()
    expect(html).toContain('data-url="/reference/openapi.json"')
    expect(html).toContain('src="/assets/scalar.js?a=1&amp;b=&quot;2&quot;"')
    expect((await custom.fetch(new Request('http://x/api/docs'))).status).toBe(404)
    expect((await new Fw(import.meta.url, { api: RootAPI, docs: '/d' }).fetch(new Request('http://x/d/openapi.json'))).status).toBe(200)
  })
})

const executablePath = findChromium()

describe.skipIf(!executablePath)('docs page in headless Chromium', () => {
  let server: RunningServer
  let base = ''

  beforeAll(async () => {
    const bundle = await readFile(new URL('../../node_modules/@scalar/api-reference/dist/browser/standalone.js', import.meta.url))
    const site = new Fw(import.meta.url, { name: 'example', api: RootAPI, route: '/api', docs: { scriptUrl: '/assets/scalar.js' } })
    site.mount(() => new Response(bundle, { headers: { 'content-type': 'text/javascript; charset=utf-8' } }), '/assets')
    server = await site.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}`
  })
  afterAll(() => server?.close())

  it('renders every operation of the example', async () => {
    const browser = await playwright.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run'],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      // Offline: only the local server answers.
      await page.route('**/*', (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()))
      await page.goto(`${base}/api/docs`, { waitUntil: 'load', timeout: 30_000 })
      const doc = service.openapi()
      // One rendered section per operation: Scalar gives it an id ending in `/<METHOD><path>`.
      const expected = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `/${method.toUpperCase()}${path}`))
      expect(expected).toHaveLength(36)
      const rendered = (suffixes: string[]) => suffixes.filter((suffix) => ![...document.querySelectorAll('[id]')].some((el) => el.id.endsWith(suffix)))
      const allRendered = (suffixes: string[]) => suffixes.every((suffix) => [...document.querySelectorAll('[id]')].some((el) => el.id.endsWith(suffix)))
      await page.waitForFunction(allRendered, expected, { timeout: 30_000 }).catch(() => undefined)
      const missing = await page.evaluate(rendered, expected)
      expect(missing).toEqual([])
      const text = await page.evaluate(() => document.body.innerText)
      for (const summary of Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.summary as string))) expect(text, summary).toContain(summary)
      await mkdir(out, { recursive: true })
      await page.screenshot({ path: join(out, 'openapi-page.png') })
    } finally {
      await browser.close()
    }
  }, 90_000)
})

if (!executablePath) {
  it.skip('docs page in headless Chromium: no chromium installed (apt-get install -y chromium)', () => {})
}
