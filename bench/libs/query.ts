/**
 * Query strings: fw's `parseQuery` vs `URLSearchParams` (what it must equal) vs fast-querystring
 * (run: npx tsx bench/libs/query.ts). Prints the cases where a candidate disagrees with URLSearchParams.
 */
import { parse as fastParse } from 'fast-querystring'
import { parseQuery, queryObject } from '../../src/request/query'
import { compare } from './measure'

const cases = ['page=2&tag=a&tag=b', 'a=%zz', 'a=%E0%A4%A', 'q=caf%C3%A9+au+lait', 'a=é', '?a=1', '&&a=1&&', '=x', 'a==b', '__proto__=1&constructor=2', 'a=1&a=2&a=3', 'a', 'a+b=c+d', '%61=1', 'a=%', 'a=%2', 'a=%C3']
const reference = (search: string) => queryObject(new URLSearchParams(search))
const fast = (search: string) => fastParse(search.startsWith('?') ? search.slice(1) : search) as Record<string, unknown>
for (const [name, candidate] of [['parseQuery', parseQuery], ['fast-querystring', fast]] as const) {
  const differs = cases.filter((search) => JSON.stringify(candidate(search)) !== JSON.stringify(reference(search)))
  console.log(`${name}: ${differs.length ? `differs from URLSearchParams on ${differs.map((search) => `${search} → ${JSON.stringify(candidate(search))} (want ${JSON.stringify(reference(search))})`).join('; ')}` : 'agrees with URLSearchParams on every case'}`)
}
const typical = 'page=2&limit=20&tag=a&tag=b&q=hello+world'
compare('query (5 pairs)', [
  { name: 'parseQuery (fw)', run: () => parseQuery(typical) },
  { name: 'URLSearchParams', run: () => reference(typical) },
  { name: 'fast-querystring', run: () => fast(typical) },
])
compare('query (1 pair)', [
  { name: 'parseQuery (fw)', run: () => parseQuery('id=42') },
  { name: 'URLSearchParams', run: () => reference('id=42') },
  { name: 'fast-querystring', run: () => fast('id=42') },
])
