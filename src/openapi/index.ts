export { buildDocument, type DocumentOptions, type OpenAPIDocument } from './document'
export { describeRoutes, type RouteInfo, type RouteSource } from './routes'
export { docsHandler, docsMount, docsPage, DEFAULT_SCRIPT_URL, type DocsOptions } from './page'
export type { JsonSchema } from './schema'
