/**
 * Request size limits. Pass overrides as `new Fw(url, { limits: { ... } })`;
 * defaults are documented in the README.
 *
 * @example
 * new Fw(import.meta.url, { api: RootAPI, limits: { bodyBytes: 5 * 1024 ** 2, files: 3 } })
 */
export interface Limits {
  /** bytes of a JSON or text body (XML: the smaller of this and `xmlBytes`) */
  bodyBytes: number
  /** bytes of an XML body: parsing XML costs far more per byte than JSON */
  xmlBytes: number
  /** elements in one XML body (counted before parsing) */
  xmlElements: number
  /** attributes in one XML body (counted before parsing) */
  xmlAttributes: number
  /** bytes of an `application/x-www-form-urlencoded` body */
  formBytes: number
  /** bytes of a whole `multipart/form-data` body */
  multipartBytes: number
  /** bytes of one uploaded file (when the file schema sets no `maxSize`) */
  fileBytes: number
  /** number of files in one multipart body */
  files: number
  /** number of parts/fields in one form or multipart body */
  fields: number
  /** number of query parameters */
  queryParams: number
  /** nesting depth of JSON / XML bodies and JSON-encoded params */
  depth: number
}

/** The limits used when the service sets none. */
export const defaultLimits: Readonly<Limits> = Object.freeze({
  bodyBytes: 1024 * 1024,
  xmlBytes: 256 * 1024,
  xmlElements: 5000,
  xmlAttributes: 5000,
  formBytes: 100 * 1024,
  multipartBytes: 10 * 1024 * 1024,
  fileBytes: 10 * 1024 * 1024,
  files: 100,
  fields: 1000,
  queryParams: 1000,
  depth: 100,
})
