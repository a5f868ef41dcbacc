/**
 * Conformance cases for the three-libraries fixture (fixtures/libraries.ts):
 * the example's cases (cases.ts) whose endpoint takes a schema, plus
 * refusals that reach the library (a wrong type after conversion, bounds,
 * lengths, options, several failing items). libraries.test.ts replays each
 * under `/api/valibot`, `/api/zod` and `/api/arktype`.
 *
 * Plain data (no vitest import), as cases.ts.
 */
import { type Case, cases } from './cases'

/** The example's endpoints the fixture rebuilds per library (path without the query). */
const REBUILT = /^\/api\/(calc\/(add|created)|article(\/.*)?|doc\/[^/]+(\/[^/]+)?|query\/(alias|doc|search|list)|secure\/(operation|kebab|jar)|body\/(article|json|form|batch|fields))\/?$/

/** The example's answers that need what the fixture leaves out (SecureAPI's common header and cookie params). */
const NEEDS_COMMON_PARAMS = new Set(['required cookie missing → 400'])

const json = (path: string, body: unknown, name: string): Case => ({ name, method: 'POST', path, json: body, expect: { status: 400 } })
const query = (path: string, name: string, status = 400): Case => ({ name, method: 'GET', path, expect: { status } })

/** Refusals that reach the library's own validation (the example's cases mostly stop at fw's conversion). */
const refusals: Case[] = [
  query('/api/doc/en/-3', 'a negative page breaks the minimum'),
  query('/api/query/doc?lang=en&page=0', 'a whole query: the bound of one entry'),
  query('/api/query/doc?lang=EN&page=0', 'a whole query: two entries fail, both listed'),
  query(`/api/query/search?filter=${encodeURIComponent('{"tag":1}')}`, 'a number where a string is declared converts', 200),
  query(`/api/query/search?filter=${encodeURIComponent('["ts"]')}`, 'an array where an object is declared'),
  query('/api/query/search?filter=ts', 'text that is no JSON where an object is declared'),
  query(`/api/query/search?filter=${encodeURIComponent('{"tag":null}')}`, 'null where a string is declared'),
  { name: 'an exact length too short', method: 'POST', path: '/api/secure/operation', headers: { 'x-auth-token': 'short', 'x-meta-data': '{}' }, expect: { status: 400 } },
  { name: 'an exact length too long', method: 'POST', path: '/api/secure/operation', headers: { 'x-auth-token': 'x'.repeat(13), 'x-meta-data': '{}' }, expect: { status: 400 } },
  { name: 'a header that is no JSON object where a record is declared', method: 'POST', path: '/api/secure/operation', headers: { 'x-auth-token': '123456789012', 'x-meta-data': 'plain' }, expect: { status: 400 } },
  { name: 'a header JSON array where a record is declared', method: 'POST', path: '/api/secure/operation', headers: { 'x-auth-token': '123456789012', 'x-meta-data': '[1]' }, expect: { status: 400 } },
  { name: 'both headers missing', method: 'POST', path: '/api/secure/operation', expect: { status: 400 } },
  { name: 'a cookie value is trimmed before its options are checked', method: 'GET', path: '/api/secure/jar', headers: { cookie: 'sessionid=s1; theme=light ' }, expect: { status: 200 } },
  { name: 'a cookie outside its options, the other missing', method: 'GET', path: '/api/secure/jar', headers: { cookie: 'theme=sepia' }, expect: { status: 400 } },
  json('/api/body/article', { title: ['a', 'b'] }, 'a list where a string is declared'),
  json('/api/body/article', { title: { text: 't' } }, 'an object where a string is declared'),
  json('/api/body/article', { title: null }, 'null where a string is declared, in a body'),
  json('/api/body/article', { title: 't', views: [1] }, 'a list where an integer is declared'),
  json('/api/body/article', { title: 't', published: 'maybe' }, 'no boolean word'),
  json('/api/body/article', { title: null, published: null }, 'two fields fail'),
  json('/api/body/article', 'text', 'text where an object is declared'),
  json('/api/body/article', [{ title: 't' }], 'a list where an object is declared'),
  json('/api/body/batch', [{ title: 't' }, 7, { views: 2 }], 'a list with a number and an item without its title'),
  json('/api/body/batch', [{ title: null }, { title: 't', views: {} }], 'two items fail, each named by its index'),
  json('/api/body/json', { title: 't', views: 1e400 }, 'a number JSON cannot hold'),
  { name: 'an undeclared body key is dropped', method: 'POST', path: '/api/body/json', json: { title: 't', extra: 1 }, expect: { status: 200 } },
  { name: 'undeclared query keys are dropped', method: 'GET', path: '/api/query/doc?lang=en&other=1', expect: { status: 200 } },
  { name: 'a form without its required field', method: 'POST', path: '/api/body/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'age=3', expect: { status: 400 } },
  { name: 'a decimal age truncates in a form', method: 'POST', path: '/api/body/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=a&age=3.9', expect: { status: 200 } },
]

/** Every case the three libraries must answer with the same bytes. */
export const libraryCases: Case[] = [...cases.filter((c) => REBUILT.test(c.path.split('?')[0] ?? '') && !NEEDS_COMMON_PARAMS.has(c.name)), ...refusals]
