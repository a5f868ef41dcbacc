/**
 * `fw-api/xml`: XML request bodies (docs/api.md). Importing this entry makes `any`
 * bodies accept `application/xml`, `text/xml` and `*+xml` (and the OpenAPI document
 * list them); fast-xml-parser is loaded on the first XML body. The core leaves it out,
 * so a Worker that never reads XML does not carry the parser.
 *
 * @example
 * import 'fw-api/xml'
 */
import { registerXmlParser } from '../body/xml'

registerXmlParser(() => import('fast-xml-parser'))

export type { XmlObject, XmlValue } from '../body/xml'
