/**
 * XML: one shared XMLParser vs a new one per body, and importing fast-xml-parser per body vs once
 * (run: npx tsx bench/libs/xml.ts; the decision and its numbers: bench/libs/README.md).
 */
import { XMLParser } from 'fast-xml-parser'
import { compare, compareAsync } from './measure'

const options = { ignoreAttributes: true, parseTagValue: false, parseAttributeValue: false, ignoreDeclaration: true, ignorePiTags: true, processEntities: true, htmlEntities: true, textNodeName: '#text', maxNestedTags: 33 }
const text = '<user><name>a</name><tag>x</tag><tag>y</tag></user>'
const shared = new XMLParser(options)
compare('xml parse (small body)', [
  { name: 'shared parser', run: () => shared.parse(text) },
  { name: 'parser per body', run: () => new XMLParser(options).parse(text) },
], 5000)
const loaded = import('fast-xml-parser')
await compareAsync('xml library', [
  { name: 'imported once', run: () => loaded },
  { name: 'import() per body', run: () => import('fast-xml-parser') },
], 500)
