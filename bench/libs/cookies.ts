/**
 * Cookies: fw's `parseCookies` vs `cookie` 1.x `parse` (run: npx tsx bench/libs/cookies.ts).
 * Prints the cases where they disagree, then the cost of each.
 */
import { parse } from 'cookie'
import { cookieValue, parseCookies } from '../../src/request/parse'
import { compare } from './measure'

const cases = ['a=1; b=2', 'a=1;b=2', ' a = 1 ;  b=2 ', 'a="x y"', 'a=%20x%3B', 't=a=b', 'a=', 'junk; a=1; =x', '', 'a=1; a=2', 'a=%zz; b=%', '__proto__=x; constructor=y; a=1', 'a=\u00a01\u00a0', 'a="%22q%22"']
const plain = (header: string) => ({ ...parse(header) })
for (const header of cases) {
  const ours = JSON.stringify({ ...parseCookies(header) })
  const theirs = JSON.stringify(plain(header))
  if (ours !== theirs) console.log(`differs on ${JSON.stringify(header)}: fw ${ours}, cookie ${theirs}`)
}
const typical = 'sessionid=38afes7a8; csrftoken=u32t4o3tb3gg43; theme=dark; _ga=GA1.2.1234567890.1234567890'
compare('cookies (4 pairs)', [
  { name: 'parseCookies (fw)', run: () => parseCookies(typical) },
  { name: 'cookie.parse', run: () => parse(typical) },
])

// `cookie.parse` with fw's value rules (request/parse.ts's cookieValue)
const wrapped = (header: string) => {
  const out = parse(header, { decode: cookieValue })
  delete out['']
  return out
}
for (const header of cases) {
  const ours = JSON.stringify({ ...parseCookies(header) })
  const theirs = JSON.stringify({ ...wrapped(header) })
  if (ours !== theirs) console.log(`wrapped differs on ${JSON.stringify(header)}: fw ${ours}, cookie ${theirs}`)
}
compare('cookies (4 pairs)', [
  { name: 'parseCookies (fw)', run: () => parseCookies(typical) },
  { name: 'cookie.parse + fw value rules', run: () => wrapped(typical) },
])
