/**
 * The conversion plan of a Standard Schema (SPEC §3.1, §3.6), read once from
 * its input JSON Schema into the seam's `ConversionPlan` (schema/adapter.ts):
 * `integer` truncates, numbers, booleans, strings, arrays (repeated keys),
 * objects and arrays from JSON text, unions and nullable convert as for
 * valibot. What the JSON Schema does not describe passes unconverted.
 */
import { checkFileSize } from '../../utils/byte-limit'
import { type ConversionPlan, SAME_PLAN, type StandardSchemaV1 } from '../adapter'
import {
  hasType,
  isBinaryNode,
  isNode,
  type JsonNode,
  nodeAt,
  nodesAt,
  optionsOf,
  settle,
  typesOf,
} from './json'
import { wireNameOf } from './property'

/** How an object's property is seen as a schema of its own (standard/property.ts `propertyView`). */
type PropertyView = (root: JsonNode, node: JsonNode, required: boolean) => StandardSchemaV1

/**
 * The maker of property views, registered with the Standard Schema writer (standard/describe.ts:
 * `fw-api/openapi`, the ORM): only documents read a Standard object entry's `schema` (its presence
 * and JSON Schema), so a core bundle carries no view; without the writer an entry's is `undefined`.
 */
const propertyViews: { make?: PropertyView } = {}

/**
 * Register how an object's properties are seen as schemas (the first registration stays).
 *
 * @example registerPropertyView(propertyView)
 */
export function registerPropertyView(make: PropertyView): void {
  propertyViews.make ??= make
}

/**
 * The conversion plan a JSON Schema asks for. Given the output's JSON Schema too, a top object the
 * library strips of unknown keys (`stripsUnknownKeys`) has fw drop them before it validates.
 *
 * @example
 * planOfJsonSchema({ type: 'integer' }) // { to: 'number', integer: true }
 */
export function planOfJsonSchema(root: JsonNode, output?: JsonNode): ConversionPlan {
  const plan = planner(root)(root)
  return stripsUnknownKeys(root, output) ? stripped(plan) : plan
}

/** The top object's plan dropping unknown keys (under a nullable `maybe` too); other plans as they are. */
function stripped(plan: ConversionPlan): ConversionPlan {
  if (plan.to === 'maybe') return { to: 'maybe', inner: stripped(plan.inner) }
  return plan.to === 'object' ? { ...plan, unknownKeys: 'strip' } : plan
}

/** What an input object node may say and still accept any unknown key, whatever its count or name. */
const OPEN_OBJECT_KEYWORDS = new Set(
  '$schema $id $comment type properties required title description default examples deprecated readOnly writeOnly'.split(
    ' ',
  ),
)

/**
 * Does the library drop the unknown keys of the top object (zod's `z.object`)?
 * Read once from both JSON Schemas: the input accepts any other key (none of
 * `additionalProperties`, `patternProperties`, `propertyNames`, a key count…)
 * and the output declares the same properties and no other (`additionalProperties:
 * false`). Then fw drops them while converting, instead of copying each one
 * for the library to drop (a loose object, a strict one, a catch-all keep them).
 *
 * @example
 * stripsUnknownKeys(zodObjectInput, zodObjectOutput) // true for z.object, false for z.looseObject / z.strictObject
 */
export function stripsUnknownKeys(input: JsonNode, output: JsonNode | undefined): boolean {
  if (!output) return false
  const inputNode = settle(input, input).node
  const outputNode = settle(output, output).node
  const names = (node: JsonNode) =>
    JSON.stringify(Object.keys(nodeAt(node, 'properties') ?? {}).sort())
  return (
    hasType(inputNode, 'object') &&
    hasType(outputNode, 'object') &&
    Object.keys(inputNode).every((keyword) => OPEN_OBJECT_KEYWORDS.has(keyword)) &&
    outputNode.additionalProperties === false &&
    !('patternProperties' in outputNode) &&
    names(inputNode) === names(outputNode)
  )
}

/**
 * The planner of one JSON Schema: a node's plan, made once per node (the settled node: its `$ref`s
 * followed), with the root its `$ref`s point into.
 */
function planner(root: JsonNode): (start: JsonNode) => ConversionPlan {
  const made = new Map<JsonNode, ConversionPlan>()

  const planOf = (start: JsonNode): ConversionPlan => {
    const { node, nullable } = settle(root, start)
    const known = made.get(node)
    if (known) return known
    // Until built, a self-reference resolves late (per value, like valibot's `v.lazy`).
    let built: ConversionPlan = SAME_PLAN
    made.set(node, { to: 'lazy', resolve: () => built })
    const plain = plainPlan(node)
    built = nullable && plain.to !== 'same' ? { to: 'maybe', inner: plain } : plain
    made.set(node, built)
    return built
  }

  const plainPlan = (node: JsonNode): ConversionPlan => {
    const listed = listedOf(node)
    if (listed) return { to: 'option', options: listed }
    const types = typesOf(node).filter((type) => type !== 'null')
    // several types read as a union of one node per type
    const options = optionsOf(node)
    if (!options.length && types.length > 1)
      options.push(...types.map((type) => ({ ...node, type })))
    if (options.length)
      return {
        to: 'union',
        options: options.map((option) => ({ plan: planOf(option), fits: fitsOf(root, option) })),
      }
    const type =
      types[0] ?? (node.properties ? 'object' : node.items || node.prefixItems ? 'array' : '')
    if (type === 'integer' || type === 'number')
      return { to: 'number', integer: type === 'integer' }
    if (type === 'boolean') return { to: 'boolean' }
    if (type === 'string') return isBinaryNode(node) ? filePlan(node) : { to: 'string' }
    if (type === 'array') {
      const prefix = nodesAt(node, 'prefixItems').map(planOf)
      const items = nodeAt(node, 'items')
      const rest = items && planOf(items)
      return prefix.length
        ? { to: 'tuple', items: prefix, rest }
        : { to: 'array', item: rest ?? SAME_PLAN }
    }
    return type === 'object' ? objectPlan(node) : SAME_PLAN
  }

  const objectPlan = (node: JsonNode): ConversionPlan => {
    const properties = nodeAt(node, 'properties') ?? {}
    const required: unknown[] = Array.isArray(node.required) ? node.required : []
    const entries = Object.keys(properties).map((key) => {
      const property = properties[key] as JsonNode
      return {
        key,
        wire: wireNameOf(root, property) ?? key,
        plan: planOf(property),
        schema: propertyViews.make?.(root, property, required.includes(key)),
      }
    })
    // a record's values: `additionalProperties`, or arktype's one `patternProperties` (`{ '[/^\\d+$/]': … }`)
    const patterns = Object.values(nodeAt(node, 'patternProperties') ?? {})
    const additional =
      nodeAt(node, 'additionalProperties') ??
      (patterns.length === 1 && isNode(patterns[0]) ? patterns[0] : undefined)
    // Unknown keys go on as sent (converted by `additionalProperties`): the library strips or refuses them.
    return { to: 'object', entries, unknownKeys: 'keep', rest: additional && planOf(additional) }
  }

  return planOf
}

/**
 * A binary string is a file (zod's `z.file()`): it arrives as a `File` and passes as it is; one
 * over the node's `maxLength` (zod's `.max(bytes)`) is a 413 before the library sees it, as for
 * fw's own file schemas (too large, not malformed, like every size limit).
 */
function filePlan(node: JsonNode): ConversionPlan {
  const maxSize = node.maxLength
  if (typeof maxSize !== 'number') return SAME_PLAN
  return {
    to: 'custom',
    convert: (value) => {
      checkFileSize(value, maxSize)
      return value
    },
  }
}

/** The values a node lists (`enum`, or its one `const`), if it lists any. */
function listedOf(node: JsonNode): unknown[] | undefined {
  return Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : undefined
}

/** How a value has a JSON Schema type other than the `typeof` ones (`string`, `number`, `boolean`). */
const HAS_TYPE = new Map<string, (value: unknown) => boolean>([
  ['integer', Number.isInteger],
  ['null', (value) => value === null],
  ['array', Array.isArray],
  ['object', isNode],
])

/**
 * Does a converted value have the type a node declares (or `null` when it is nullable)? A shallow
 * check, built once per union option: the library judges the rest.
 */
function fitsOf(root: JsonNode, option: JsonNode): (value: unknown) => boolean {
  const { node, nullable } = settle(root, option)
  const listed = listedOf(node)
  const checks = typesOf(node).map(
    (type) => HAS_TYPE.get(type) ?? ((value: unknown) => typeof value === type),
  )
  return (value) =>
    (value === null && nullable) ||
    (listed ? listed.includes(value) : !checks.length || checks.some((check) => check(value)))
}
