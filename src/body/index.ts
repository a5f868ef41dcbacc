/**
 * Request bodies: `readBody` (./read) and its plan (./format), the byte limits (./limits), and the
 * content-type and framing helpers the core reads them with.
 */
export * from './read'
export * from './format'
export * from './limits'
export { FRAMED, markFramed } from './stream'
export { jsonDepthExceeds } from '../utils/json-depth'
export { parseContentType, typeMatcher, type ContentType } from '../utils/content-type'
export type { FormEntry, FormObject } from './form'
export type { XmlObject, XmlValue } from './xml'
