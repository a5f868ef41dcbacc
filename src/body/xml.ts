/**
 * XML bodies: the root element's children become fields, repeated elements
 * become arrays, text content only (attributes ignored, values stay strings
 * for the converter). Hardened:
 * - any `<!DOCTYPE` is refused, so no entity can be declared: billion-laughs
 *   expansion and external entities (XXE) are impossible; the predefined
 *   entities and numeric character references (`&#x41;`, `&#65;`) are
 *   decoded (HTML named entities such as `&nbsp;` too);
 * - the work is bounded before parsing: one linear scan counts elements and
 *   attributes against `limits.xmlElements` / `limits.xmlAttributes` (400
 *   in a few milliseconds), and the body size by `limits.xmlBytes`;
 * - the document is validated first (`<root><a></root>` → 400);
 * - nesting is bounded by `limits.depth`;
 * - the result is rebuilt into null-prototype objects; `__proto__`,
 *   `constructor` and `prototype` element names are refused by the parser.
 * fast-xml-parser is most of the weight of body parsing and most services never
 * see XML, so the core does not import it: the `fw-api/xml` entry registers it
 * (`registerXmlParser`), and it is loaded on the first XML body only. Without
 * that entry, `any` bodies accept JSON and form data, and XML is a 415.
 */
import type { XMLParser } from 'fast-xml-parser'
import { BadRequest, UnsupportedMediaType } from '../exceptions/index'
import { APOS, BANG, EQ, GT, LT, QUESTION, QUOTE, SLASH } from '../utils/chars'

/** An XML element with children: field name → text, element or list of them. */
export interface XmlObject {
  [field: string]: XmlValue
}
/** What an XML element becomes. */
export type XmlValue = string | XmlObject | XmlValue[]

const TEXT = '#text'
const DOCTYPE = /<!DOCTYPE/i
type Library = typeof import('fast-xml-parser')

/**
 * fast-xml-parser, imported on the first XML body and kept: code, no client data, one entry. Importing it
 * again per body costs ≈ 80 µs on Node (≈ 750 µs under tsx), several times the parse (bench/libs/xml.ts).
 * `load` is set by the `fw-api/xml` entry (src/xml/index.ts): until then no XML is accepted.
 */
const library: { load?: () => Promise<Library>; loading?: Promise<Library> } = {}

/**
 * Accept XML bodies, parsing them with the fast-xml-parser `load` imports (on the first XML body).
 * Called by the `fw-api/xml` entry when imported; once is enough, for the whole process.
 *
 * @example registerXmlParser(() => import('fast-xml-parser'))
 */
export function registerXmlParser(load: () => Promise<Library>): void {
  library.load ??= load
}

/** Whether XML bodies are accepted: the `fw-api/xml` entry was imported. */
export function acceptsXml(): boolean {
  return library.load !== undefined
}

/**
 * A parser for one body. Not cached: a shared parser saves ≈ 7 % of parsing a small body in process
 * (bench/libs/xml.ts), under the 10 % a module-level cache must show (docs/architecture.md, Libraries).
 */
function parserFor(lib: Library, maxDepth: number): XMLParser {
  return new lib.XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    // Also decodes numeric character references (and HTML's named ones), never inside CDATA.
    htmlEntities: true,
    textNodeName: TEXT,
    // +1: the parser counts the document node as a level.
    maxNestedTags: maxDepth + 1,
  })
}

/** How much XML work one body may cause. */
export interface XmlBounds {
  /** elements (start or empty-element tags) */
  elements: number
  /** attributes over all elements */
  attributes: number
}

/**
 * Count elements and attributes in one pass (no allocation), stopping as soon
 * as either goes over its bound: the refusal costs a scan, not a parse.
 * Comments, CDATA and processing instructions are skipped whole.
 */
function checkBounds(text: string, bounds: XmlBounds): void {
  let elements = 0
  let attributes = 0
  const length = text.length
  for (let i = text.indexOf('<'); i >= 0 && i < length; i = text.indexOf('<', i)) {
    const next = text.charCodeAt(i + 1)
    if (next === BANG || next === QUESTION) {
      const close = text.startsWith('<!--', i)
        ? '-->'
        : text.startsWith('<![CDATA[', i)
          ? ']]>'
          : '>'
      const end = text.indexOf(close, i + 2)
      if (end < 0) return // malformed: the validator refuses it
      i = end + close.length
      continue
    }
    i++
    if (next === SLASH) continue
    if (++elements > bounds.elements)
      throw new BadRequest(`XML body has more than ${bounds.elements} elements`)
    // Inside the tag: each `=` outside a quoted value is one attribute.
    let quote = 0
    for (; i < length; i++) {
      const code = text.charCodeAt(i)
      if (quote !== 0) {
        if (code === quote) quote = 0
      } else if (code === QUOTE || code === APOS) quote = code
      else if (code === EQ) {
        if (++attributes > bounds.attributes)
          throw new BadRequest(`XML body has more than ${bounds.attributes} attributes`)
      } else if (code === GT || code === LT) break
    }
  }
}

/**
 * Parse an XML body into the fields of its root element; blank text is
 * `undefined`. Throws 400 on malformed XML, a DOCTYPE, too deep nesting or
 * more elements/attributes than `bounds` allow.
 *
 * @example
 * await parseXml('<user><name>a</name><tag>x</tag><tag>y</tag></user>', 100)
 * // { name: 'a', tag: ['x', 'y'] }
 */
export async function parseXml(
  text: string,
  maxDepth: number,
  bounds: XmlBounds = { elements: 5000, attributes: 5000 },
): Promise<XmlValue | undefined> {
  if (text.trim().length === 0) return undefined
  // A DOCTYPE is the only way to declare entities; APIs have no use for one.
  if (DOCTYPE.test(text)) throw new BadRequest('XML DOCTYPE declarations are not allowed')
  checkBounds(text, bounds)
  const load = library.load
  if (load === undefined) throw new UnsupportedMediaType("XML bodies need `import 'fw-api/xml'`")
  const lib = await (library.loading ??= load())
  if (lib.XMLValidator.validate(text) !== true) throw new BadRequest('invalid XML body')
  let document: unknown
  try {
    document = parserFor(lib, maxDepth).parse(text)
  } catch (error) {
    const deep = error instanceof Error && error.message.includes('nested')
    throw new BadRequest(
      deep ? `XML body nested deeper than ${maxDepth} levels` : 'invalid XML body',
    )
  }
  if (typeof document !== 'object' || document === null) throw new BadRequest('invalid XML body')
  const roots = Object.values(document)
  if (roots.length !== 1) throw new BadRequest('invalid XML body')
  const fields = rebuild(roots[0])
  // `<root/>` and `<root></root>`: a form with no fields, not an empty string.
  return fields === undefined || fields === '' ? (Object.create(null) as XmlObject) : fields
}

/**
 * Copy the parser's output into null-prototype objects. Recursion is safe:
 * depth was bounded by the parser. Mixed-content text next to child elements
 * is not a field and is dropped; an empty root becomes an empty object.
 */
function rebuild(value: unknown): XmlValue | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map((item) => rebuild(item) ?? '')
  if (typeof value !== 'object' || value === null) return undefined
  const out: XmlObject = Object.create(null)
  let fields = 0
  for (const key of Object.keys(value)) {
    if (key === TEXT || key === '__proto__') continue
    const item = rebuild((value as Record<string, unknown>)[key])
    if (item !== undefined) {
      out[key] = item
      fields++
    }
  }
  const text = (value as Record<string, unknown>)[TEXT]
  return fields === 0 && typeof text === 'string' ? text : out
}
