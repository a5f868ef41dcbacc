/**
 * XML bodies: the root element's children become fields, repeated elements
 * become arrays, text content only (attributes ignored, values stay strings
 * for the converter). Hardened:
 * - any `<!DOCTYPE` is refused, so no entity can be declared: billion-laughs
 *   expansion and external entities (XXE) are impossible; only the five
 *   predefined entities and character references are decoded;
 * - the document is validated first (`<root><a></root>` → 400);
 * - nesting is bounded by `limits.depth`;
 * - the result is rebuilt into null-prototype objects; `__proto__`,
 *   `constructor` and `prototype` element names are refused by the parser.
 * fast-xml-parser is loaded on the first XML body only: it is most of the
 * weight of body parsing, and most services never see XML.
 */
import type { XMLParser } from 'fast-xml-parser'
import { BadRequest } from '../exceptions/index'

/** An XML element with children: field name → text, element or list of them. */
export interface XmlObject {
  [field: string]: XmlValue
}
/** What an XML element becomes. */
export type XmlValue = string | XmlObject | XmlValue[]

const TEXT = '#text'
const DOCTYPE = /<!DOCTYPE/i
type Library = typeof import('fast-xml-parser')
let library: Promise<Library> | undefined
const parsers = new Map<number, XMLParser>()

function parserFor(lib: Library, maxDepth: number): XMLParser {
  let parser = parsers.get(maxDepth)
  if (!parser) {
    parser = new lib.XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      parseAttributeValue: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      processEntities: true,
      htmlEntities: false,
      textNodeName: TEXT,
      // +1: the parser counts the document node as a level.
      maxNestedTags: maxDepth + 1,
    })
    parsers.set(maxDepth, parser)
  }
  return parser
}

/**
 * Parse an XML body into the fields of its root element; blank text is
 * `undefined`. Throws 400 on malformed XML, a DOCTYPE or too deep nesting.
 *
 * @example
 * await parseXml('<user><name>a</name><tag>x</tag><tag>y</tag></user>', 100)
 * // { name: 'a', tag: ['x', 'y'] }
 */
export async function parseXml(text: string, maxDepth: number): Promise<XmlValue | undefined> {
  if (text.trim().length === 0) return undefined
  // A DOCTYPE is the only way to declare entities; APIs have no use for one.
  if (DOCTYPE.test(text)) throw new BadRequest('XML DOCTYPE declarations are not allowed')
  const lib = await (library ??= import('fast-xml-parser'))
  if (lib.XMLValidator.validate(text) !== true) throw new BadRequest('invalid XML body')
  let document: unknown
  try {
    document = parserFor(lib, maxDepth).parse(text)
  } catch (error) {
    const deep = error instanceof Error && error.message.includes('nested')
    throw new BadRequest(deep ? `XML body nested deeper than ${maxDepth} levels` : 'invalid XML body')
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
