export { buildDocument, type DocumentOptions, type OpenAPIDocument } from './document'
export { describeRoutes } from './routes'
export type { RouteInfo } from './route-info'
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
