export { buildDocument, type DocumentOptions, type OpenAPIDocument } from './document'
export { describeRoutes, type RouteInfo } from './routes'
export {
  docsHandler,
  docsMount,
  docsPage,
  docsSettings,
  pageHeaders,
  type DocsOptions,
  type DocsSettings,
} from './page'
export type { JsonSchema } from './schema'
