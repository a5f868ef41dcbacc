/**
 * The docs routes: `<docs>/openapi.json` and an API reference page (Scalar)
 * at `<docs>`. A plain fetch handler, so it serves on every runtime.
 */
import { joinPath } from '../router/path'
import type { OpenAPIDocument } from './document'

/** `docs` option of `new Fw(...)`: a path, `true` (`<route>/docs`), or settings. */
export interface DocsOptions {
  /** where the page is served (from the service root); default `<route>/docs` */
  path?: string
  /** script of the reference page: the Scalar standalone bundle (a CDN URL by default, or a self-hosted asset) */
  scriptUrl?: string
  /** page title; default the service name */
  title?: string
}

/** Scalar API Reference's standalone bundle, major version pinned. */
export const DEFAULT_SCRIPT_URL = 'https://cdn.jsdelivr.net/npm/@scalar/api-reference@1'

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string)

/**
 * The HTML of the reference page for a document served at `documentUrl`.
 *
 * @example
 * docsPage({ documentUrl: '/api/docs/openapi.json', title: 'demo' })
 */
export function docsPage(options: { documentUrl: string; title: string; scriptUrl?: string }): string {
  const configuration = JSON.stringify({ withDefaultFonts: false, hideClientButton: true, defaultOpenAllTags: true })
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<script id="api-reference" data-url="${escapeHtml(options.documentUrl)}" data-configuration="${escapeHtml(configuration)}"></script>
<script src="${escapeHtml(options.scriptUrl ?? DEFAULT_SCRIPT_URL)}"></script>
</body>
</html>
`
}

/**
 * A fetch handler for the docs routes, mounted at the docs path (the prefix
 * already stripped): `/` → the page, `/openapi.json` → the document (built on
 * first request and cached by the caller's `document()`).
 *
 * @example
 * docsHandler({ path: '/api/docs', title: 'demo', document: () => service.openapi() })
 */
export function docsHandler(options: { path: string; title: string; scriptUrl?: string; document: () => OpenAPIDocument }): (request: Request) => Response {
  const html = docsPage({ documentUrl: `${options.path === '/' ? '' : options.path}/openapi.json`, title: options.title, scriptUrl: options.scriptUrl })
  return (request) => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '') || '/'
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    const body = (text: string) => (request.method === 'HEAD' ? null : text)
    if (path === '/openapi.json') {
      return new Response(body(JSON.stringify(options.document())), { headers: { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' } })
    }
    if (path === '/' || path === '/index.html') return new Response(body(html), { headers: { 'content-type': 'text/html; charset=utf-8' } })
    return new Response(JSON.stringify({ detail: `not found: ${path}` }), { status: 404, headers: { 'content-type': 'application/json' } })
  }
}

/**
 * The docs mount of a service (`docs` option), or `undefined` without one.
 *
 * @example
 * docsMount({ docs: true, route: '/api' }, '', () => doc) // { prefix: '/api/docs', handler }
 */
export function docsMount(
  options: { docs?: boolean | string | DocsOptions; route?: string; name?: string },
  prefix: string,
  document: () => OpenAPIDocument,
): { prefix: string; handler: (request: Request) => Response } | undefined {
  const docs = options.docs
  if (!docs) return undefined
  const settings: DocsOptions = typeof docs === 'string' ? { path: docs } : docs === true ? {} : docs
  const path = joinPath(prefix, settings.path ?? joinPath(options.route, 'docs'))
  return { prefix: path, handler: docsHandler({ path, title: settings.title ?? options.name ?? 'API reference', scriptUrl: settings.scriptUrl, document }) }
}
