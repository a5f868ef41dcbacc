/**
 * Runtime conformance cases for SPEC §8 against the example service
 * (examples/app.ts, HooksAPI under `/api/hooks`): hooks, templates, state,
 * plugins, server-sent events. Replayed by conformance.test.ts on every runtime.
 */
import type { Case } from './cases'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const hookCases: Case[] = [
  {
    name: 'template with state and count via respond(); after hook and RequestId plugin headers',
    method: 'GET',
    path: '/api/hooks/list',
    expect: { status: 200, json: { data: ['first'], msg: '', state: 1, count: 1 }, headers: { 'x-hooked': '1', 'x-request-id': UUID } },
  },
  {
    name: "a parent's before hook on a sub-API sets this.request.state; the parent's template renders",
    method: 'GET',
    path: '/api/hooks/notes/first',
    expect: { status: 200, json: { data: 'hello', msg: '', state: null, count: null }, headers: { 'x-hooked': '1' } },
  },
  {
    name: 'a before hook that throws aborts the request; after hooks still stamp it',
    method: 'GET',
    path: '/api/hooks/notes/missing',
    expect: { status: 404, json: { data: null, msg: 'NotFound: no note missing', state: null, count: null }, headers: { 'x-hooked': '1' } },
  },
  {
    name: 'a mounted sub-API owns its prefix: its 404, in the enveloping template',
    method: 'GET',
    path: '/api/hooks/notes/first/extra',
    expect: { status: 404, like: { data: null, msg: /^NotFound: / } },
  },
  {
    name: 'an error hook answers with its own status and state',
    method: 'GET',
    path: '/api/hooks/fail',
    expect: { status: 403, json: { data: null, msg: 'nope', state: 40300, count: null } },
  },
  {
    name: '@api.response(null) renders the bare result',
    method: 'GET',
    path: '/api/hooks/bare',
    expect: { status: 200, json: { bare: true } },
  },
  {
    name: 'server-sent events framed per the HTML standard',
    method: 'GET',
    path: '/api/hooks/events',
    expect: {
      status: 200,
      text: 'retry: 1000\n\nevent: tick\ndata: {"n":1}\n\nevent: tick\nid: 2\ndata: {"n":2}\n\ndata: two\ndata: lines\n\n',
      headers: { 'content-type': /^text\/event-stream/, 'cache-control': 'no-cache' },
    },
  },
  {
    name: 'plugins.CORS puts Allow-Origin, Vary and Expose headers on actual responses',
    method: 'GET',
    path: '/api/calc/add?a=1&b=2',
    headers: { origin: 'https://example.com' },
    expect: { status: 200, json: { data: 3, msg: '' }, headers: { 'access-control-allow-origin': 'https://example.com', vary: 'Origin', 'access-control-expose-headers': 'x-request-id' } },
  },
  {
    name: 'respond() with a status outside 200–599 is a 500 naming the endpoint',
    method: 'GET',
    path: '/api/calc/status?code=999',
    expect: { status: 500, json: { data: null, msg: 'InternalServerError: CalcAPI.status(): response status 999 is outside 200–599' } },
  },
  {
    name: 'respond(null, { status: 204 }) in an envelope sends no body',
    method: 'GET',
    path: '/api/calc/status?code=204',
    expect: { status: 204, text: '' },
  },
]
