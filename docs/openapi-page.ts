/**
 * Regenerates docs/openapi-page.png, the docs page screenshot README.md and
 * docs/openapi.md show: `npx tsx docs/openapi-page.ts` serves the example
 * service (examples/app.ts, `docs: true`) on a free port, opens its docs page
 * in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core)
 * with every request off the local server refused, waits until Scalar has
 * rendered the operations, and writes the screenshot (1280×900).
 * CHROMIUM=/path/to/chromium picks another browser.
 */
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { Fw } from 'fw-api'
import { RootAPI } from '../examples/app'

const target = fileURLToPath(new URL('./openapi-page.png', import.meta.url))
const site = new Fw(import.meta.url, { name: 'example', api: RootAPI, route: '/api', docs: true })
const server = await site.run({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${server.port}`
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--no-first-run'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.route('**/*', (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort('internetdisconnected')))
  await page.goto(`${base}/api/docs`, { waitUntil: 'load', timeout: 60_000 })
  // the sidebar lists an operation by its summary once Scalar has rendered the document
  const first = Object.values(site.openapi().paths)[0]
  const summary = first && Object.values(first)[0]?.summary
  if (typeof summary === 'string') await page.getByText(summary, { exact: true }).first().waitFor({ timeout: 60_000 })
  await page.waitForTimeout(500) // fonts and the sidebar settle
  await page.screenshot({ path: target })
  console.log(`wrote ${target} (${summary ?? 'no summary'} rendered)`)
} finally {
  await browser.close()
  await server.close()
}
