/**
 * Routing: fw's Router vs hono's routers (run: npx tsx bench/libs/router.ts). First, how each reads the
 * templates fw supports (several params in one segment, a rest param); then, on the templates all of
 * them express (whole-segment params), the cost of one lookup in a 40-route table.
 */
import { LinearRouter } from 'hono/router/linear-router'
import { PatternRouter } from 'hono/router/pattern-router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { TrieRouter } from 'hono/router/trie-router'
import { compilePath, Router, type PathParamRule } from '../../src/router'
import { compare } from './measure'

interface HonoRouter {
  add(method: string, path: string, handler: number): void
  match(method: string, path: string): unknown
}
const routers: [string, () => HonoRouter][] = [
  ['RegExpRouter', () => new RegExpRouter<number>()],
  ['TrieRouter', () => new TrieRouter<number>()],
  ['LinearRouter', () => new LinearRouter<number>()],
  ['PatternRouter', () => new PatternRouter<number>()],
]
const segment = (): PathParamRule => ({ match: 'segment', optional: false })

// fw: `/{a}-{b}-{c}` on /1-2-3-4 → a=1-2, b=3, c=4; `/files/{path}` (rest) on /files/a/b → path=a/b.
const fw = new Router([
  { method: 'GET', path: compilePath('/{a}-{b}-{c}', segment), data: 1 },
  { method: 'GET', path: compilePath('/files/{path}', () => ({ match: 'rest', optional: false })), data: 2 },
])
console.log(`fw: ${JSON.stringify(fw.match('/1-2-3-4', 'GET')?.values)} ${JSON.stringify(fw.match('/files/a/b', 'GET')?.values)}`)
for (const [name, make] of routers) {
  const router = make()
  try {
    router.add('GET', '/:a-:b-:c', 1)
    router.add('GET', '/files/:path{.+}', 2)
    console.log(`${name}: ${JSON.stringify(router.match('GET', '/1-2-3-4'))} ${JSON.stringify(router.match('GET', '/files/a/b'))}`)
  } catch (error) {
    console.log(`${name}: refuses the templates (${error instanceof Error ? error.message : String(error)})`)
  }
}

const resources = ['users', 'posts', 'comments', 'tags', 'orders', 'items', 'carts', 'invoices', 'teams', 'projects']
const templates = resources.flatMap((resource) => [`/api/${resource}`, `/api/${resource}/{id}`, `/api/${resource}/{id}/history`, `/api/${resource}/{id}/links/{link}`])
const table = new Router(templates.map((template, index) => ({ method: 'GET', path: compilePath(template, segment), data: index })))
const honoTables = routers.map(([name, make]) => {
  const router = make()
  templates.forEach((template, index) => router.add('GET', template.replace(/\{(\w+)\}/g, ':$1'), index))
  router.match('GET', '/api/users') // RegExpRouter builds its matcher on the first match
  return { name, router }
})
const lookups = ['/api/projects/42/links/7', '/api/users/9', '/api/orders', '/api/teams/x/history', '/api/nothing/here']
let turn = 0
const next = (): string => lookups[turn++ % lookups.length] as string
compare('route lookup, 40 routes', [
  { name: 'fw Router', run: () => table.match(next(), 'GET') },
  ...honoTables.map(({ name, router }) => ({ name, run: () => router.match('GET', next()) })),
])
