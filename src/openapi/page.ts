/**
 * The docs routes: `<docs>/openapi.json`, `<docs>/asyncapi.json` (with socket endpoints), an API reference page (Scalar) at
 * `<docs>`, and the page's script at `<docs>/scalar.<version>.js`, served from
 * the installed `@scalar/api-reference` so the page works offline. A plain
 * fetch handler, so it serves on every runtime; the service runs its plugins
 * around it like around any route (docs/openapi.md, "The docs page").
 */
import { joinPath } from '../router/route-path'
import { findScript, readAsset, SCALAR_PACKAGE, type ScriptAsset } from './assets'
import type { AsyncAPIDocument } from './asyncapi'
import type { DocumentOptions, OpenAPIDocument } from './document'

/** `docs` option of `new Fw(...)`: a path, `true` (`<route>/docs`), or settings (the document's too: `license`, `servers`, `securitySchemes`, `security`, `description`). */
export interface DocsOptions extends DocumentOptions {
  /** where the page is served (from the service root); default `<route>/docs` */
  path?: string
  /** load the page's script from this URL (e.g. a CDN) instead of the installed `@scalar/api-reference` */
  scriptUrl?: string
  /** the page's `frame-ancestors` (CSP): who may frame it; default `'none'` */
  frameAncestors?: string
}

/** What the handler needs: the settings, resolved. */
export interface DocsSettings {
  /** the docs path from the service root */
  path: string
  title: string
  scriptUrl?: string
  frameAncestors?: string
  /** where to resolve `@scalar/api-reference` from (a file URL); default this module */
  resolveFrom?: string
  document: () => OpenAPIDocument
  /** the AsyncAPI document of the socket endpoints (`fw-api/ws`), served at `<docs>/asyncapi.json` and listed on the page */
  asyncapi?: () => AsyncAPIDocument
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  )

const MISSING = `The API reference page needs its script: install it (<code>npm install ${SCALAR_PACKAGE}</code>) or set <code>docs.scriptUrl</code>.`

/**
 * The HTML of the reference page for a document served at `documentUrl`;
 * without a `scriptUrl` it says how to get one (and links the document).
 *
 * @example
 * docsPage({ documentUrl: '/api/docs/openapi.json', title: 'demo', scriptUrl: '/api/docs/scalar.1.46.4.js' })
 */
export function docsPage(options: {
  documentUrl: string
  title: string
  scriptUrl?: string
  /** the socket endpoints (AsyncAPI channels) listed above the reference, with where their document is */
  sockets?: { asyncapiUrl: string; channels: readonly { address: string; title: string }[] }
}): string {
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    hideClientButton: true,
    defaultOpenAllTags: true,
    operationTitleSource: 'summary',
    agent: { disabled: true },
  })
  const script = options.scriptUrl
    ? `<script id="api-reference" data-url="${escapeHtml(options.documentUrl)}" data-configuration="${escapeHtml(configuration)}"></script>
<script src="${escapeHtml(options.scriptUrl)}"></script>
<noscript>The API reference page needs JavaScript. The OpenAPI document: <a href="${escapeHtml(options.documentUrl)}">${escapeHtml(options.documentUrl)}</a></noscript>`
    : `<p>${MISSING} The OpenAPI document: <a href="${escapeHtml(options.documentUrl)}">${escapeHtml(options.documentUrl)}</a></p>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
${socketSection(options.sockets)}${script}
</body>
</html>
`
}

/** The page's list of socket endpoints (none: nothing), linking their AsyncAPI document. */
function socketSection(sockets: Parameters<typeof docsPage>[0]['sockets']): string {
  if (!sockets?.channels.length) return ''
  const items = sockets.channels
    .map(
      ({ address, title }) => `<li><code>${escapeHtml(address)}</code> ${escapeHtml(title)}</li>`,
    )
    .join('\n')
  const link = escapeHtml(sockets.asyncapiUrl)
  return `<section id="websocket-endpoints">
<h2>WebSocket endpoints</h2>
<ul>
${items}
</ul>
<p>Their messages: the AsyncAPI document <a href="${link}">${link}</a></p>
</section>
`
}

/** The origin a script URL loads from, for the CSP (`'self'` covers relative URLs). */
function scriptSource(scriptUrl: string | undefined): string {
  if (!scriptUrl) return "'self'"
  try {
    const url = new URL(scriptUrl)
    return `'self' ${url.origin}`
  } catch {
    return "'self'"
  }
}

/**
 * The page's security headers: scripts from this origin (and a configured
 * script URL's origin) only, no sniffing, framing per `frameAncestors`.
 *
 * @example
 * pageHeaders(undefined, undefined).get('content-security-policy') // "default-src 'none'; script-src 'self'; ..."
 */
export function pageHeaders(scriptUrl: string | undefined, frameAncestors = "'none'"): Headers {
  const policy = [
    "default-src 'none'",
    `script-src ${scriptSource(scriptUrl)}`,
    // Scalar injects its own style elements and attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  if (frameAncestors === "'none'") headers.set('x-frame-options', 'DENY')
  return headers
}

const notFound = (path: string): Response =>
  new Response(JSON.stringify({ detail: `not found: ${path}` }), {
    status: 404,
    headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' },
  })

/**
 * A fetch handler for the docs routes, mounted at the docs path (the prefix
 * already stripped): `/` → the page, `/openapi.json` → the document (built
 * on first request and cached by the caller's `document()`), and the
 * installed Scalar bundle at `/scalar.<version>.js` (cached for a year: its
 * URL changes with the version).
 *
 * @example
 * docsHandler({ path: '/api/docs', title: 'demo', document: () => service.openapi() })
 */
export function docsHandler(
  settings: DocsSettings,
): (request: Request) => Response | Promise<Response> {
  const base = settings.path === '/' ? '' : settings.path
  const documentUrl = `${base}/openapi.json`
  let asset: ScriptAsset | undefined | null = null // null: not looked for yet
  let bytes: Promise<Uint8Array<ArrayBuffer>> | undefined
  let html: string | undefined
  const local = (): ScriptAsset | undefined =>
    asset === null
      ? (asset = settings.scriptUrl
          ? undefined
          : findScript(settings.resolveFrom ?? import.meta.url))
      : asset
  const asyncapiUrl = `${base}/asyncapi.json`
  const channels = (): { address: string; title: string }[] =>
    Object.values(settings.asyncapi?.().channels ?? {}).map((channel) => ({
      address: String(channel.address),
      title: String(channel.title),
    }))
  const page = (): string => {
    const found = local()
    return (html ??= docsPage({
      documentUrl,
      title: settings.title,
      scriptUrl: settings.scriptUrl ?? (found ? `${base}/scalar.${found.version}.js` : undefined),
      sockets: { asyncapiUrl, channels: channels() },
    }))
  }
  return async (request) => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '') || '/'
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    const body = <T>(content: T) => (request.method === 'HEAD' ? null : content)
    const served =
      path === '/openapi.json'
        ? settings.document
        : path === '/asyncapi.json'
          ? settings.asyncapi
          : undefined
    if (served) {
      return new Response(body(JSON.stringify(served())), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'x-content-type-options': 'nosniff',
        },
      })
    }
    if (path === '/' || path === '/index.html')
      return new Response(body(page()), {
        headers: pageHeaders(settings.scriptUrl, settings.frameAncestors),
      })
    const found = path.startsWith('/scalar.') ? local() : undefined
    if (found && path === `/scalar.${found.version}.js`) {
      const content = await (bytes ??= readAsset(found.file).catch((error: unknown) => {
        bytes = undefined // a failed read is tried again by the next request
        throw error
      }))
      const headers = {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      }
      return new Response(body(content), { headers })
    }
    return notFound(path)
  }
}

/**
 * The docs mount of a service (`docs` option), or `undefined` without one.
 *
 * @example
 * docsMount({ docs: true, route: '/api' }, '', () => doc) // { prefix: '/api/docs', handler, guarded: true }
 */
export function docsMount(
  options: { docs?: boolean | string | DocsOptions; route?: string; name?: string },
  prefix: string,
  document: () => OpenAPIDocument,
  asyncapi?: () => AsyncAPIDocument,
):
  | { prefix: string; handler: (request: Request) => Response | Promise<Response>; guarded: true }
  | undefined {
  const settings = docsSettings(options.docs)
  if (!settings) return undefined
  const path = joinPath(prefix, settings.path ?? joinPath(options.route, 'docs'))
  const handler = docsHandler({
    path,
    title: settings.title ?? options.name ?? 'API reference',
    scriptUrl: settings.scriptUrl,
    frameAncestors: settings.frameAncestors,
    document,
    asyncapi,
  })
  return { prefix: path, handler, guarded: true }
}

/**
 * The `docs` option as settings (`undefined` when off).
 *
 * @example
 * docsSettings('/reference') // { path: '/reference' }
 */
export function docsSettings(
  docs: boolean | string | DocsOptions | undefined,
): DocsOptions | undefined {
  if (!docs) return undefined
  return typeof docs === 'string' ? { path: docs } : docs === true ? {} : docs
}
