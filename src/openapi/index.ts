/**
 * `fw-api/openapi`: the OpenAPI 3.1 document (`service.openapi()`, docs/openapi.md), the
 * AsyncAPI 3.0 document of socket endpoints (`service.asyncapi()`, docs/websocket.md) and
 * the docs page with `<docs>/openapi.json` and `<docs>/asyncapi.json` (the `docs:` option). Importing this entry
 * registers the builder, the page and valibot's JSON Schema writer; the core leaves them
 * out (SPEC §5.2), so a Worker that serves no document does not carry them.
 *
 * @example
 * import 'fw-api/openapi'
 * const document = service.openapi({ version: '1.0.0' })
 */
import { toJsonSchema } from '@valibot/to-json-schema'
import '../schema/standard/describe'
import { registerValibotJsonSchema } from '../schema/valibot/describe'
import { serviceAsyncAPI, serviceDocument } from '../service/document'
import { registerAppMounts, registerDocuments } from '../service/host'
import { AppMounts } from '../service/app-mounts'
import { docsMount } from './page'

registerValibotJsonSchema(toJsonSchema)
// an app mounted beside the API: its dispatch comes with this entry (SPEC §5.2)
registerAppMounts(AppMounts)
registerDocuments({ serviceDocument, serviceAsyncAPI, docsMount })

export type { AsyncAPIDocument } from './asyncapi'
export type { DocumentOptions, OpenAPIDocument } from './document'
export type { RouteInfo } from './route-info'
export type { DocsOptions, DocsSettings } from './page'
export type { JsonSchema } from './schema'
