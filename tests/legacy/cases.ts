/**
 * The requests every compiled variant of fixture-api.ts must answer alike.
 * Shared by the in-process test and the bare-Node child (run-fixture.ts).
 */
export interface Case {
  line: string
  headers?: Record<string, string>
  body?: string
  status: number
  /** the parsed body; `undefined`: only the status is checked */
  expect: unknown
}

/** Headers/cookies the fixture's common params require. */
export const auth = { 'x-auth-token': 'tok', cookie: 'sessionid=s1', 'x-user-agent-id': 'ua' }

const json = { ...auth, 'content-type': 'application/json' }

export const cases: Case[] = [
  // mounts: @api.route, field name, api.mount (which wins over @api.route)
  { line: 'GET /article/feed', headers: auth, status: 200, expect: { data: ['a', 'b'], msg: '' } },
  { line: 'GET /article/hello-world', headers: auth, status: 200, expect: { data: 'hello-world', msg: '' } },
  { line: 'GET /article/bad--slug', headers: auth, status: 400, expect: undefined },
  { line: 'GET /article?id=3', headers: auth, status: 200, expect: { data: 3, msg: '' } },
  { line: 'GET /article?id=x', headers: auth, status: 400, expect: { data: null, msg: "BadRequest: parse item: ['id'] failed: invalid number: 'x'" } },
  { line: 'GET /comments', headers: auth, status: 200, expect: 'all comments' },
  { line: 'PUT /comments', headers: auth, status: 200, expect: 'replaced' },
  { line: 'POST /comments', headers: json, body: '{"text":"hi"}', status: 200, expect: { text: 'hi', score: 0 } },
  { line: 'DELETE /comments?id=7.9', headers: auth, status: 200, expect: 'deleted 7' },
  { line: 'PATCH /comments', headers: auth, status: 405, expect: undefined },
  { line: 'GET /users/5', headers: auth, status: 200, expect: { id: 5, token: 'ua' } },
  { line: 'PUT /users/abc/name', headers: auth, status: 200, expect: 'renamed abc' },
  { line: 'GET /ignored/5', headers: auth, status: 404, expect: undefined },
  // @api.hidden routes are served; @api.doc({ status }) is the status of a plain result
  { line: 'GET /hidden/stats', headers: auth, status: 202, expect: 'queued' },
  { line: 'GET /internal', headers: auth, status: 200, expect: 'internal' },
  // root endpoints, inherited endpoint, common params
  { line: 'GET /ping', headers: auth, status: 200, expect: 'pong' },
  {
    line: 'GET /me',
    headers: { ...auth, cookie: 'sessionid=s1; csrftoken=c1' },
    status: 200,
    expect: { token: 'tok', session: 's1', csrf: 'c1', method: 'GET', path: '/me' },
  },
  { line: 'GET /me', headers: auth, status: 200, expect: { token: 'tok', session: 's1', csrf: null, method: 'GET', path: '/me' } },
  { line: 'GET /me', headers: { cookie: 'sessionid=s1', 'x-user-agent-id': 'ua' }, status: 400, expect: undefined },
  { line: 'GET /article/feed', headers: { 'x-auth-token': 'tok', 'x-user-agent-id': 'ua' }, status: 400, expect: undefined },
  { line: 'GET /users/5', headers: { 'x-auth-token': 'tok', cookie: 'sessionid=s1' }, status: 400, expect: undefined },
  { line: 'GET /doc/en', headers: auth, status: 200, expect: { lang: 'en', page: 1 } },
  { line: 'GET /doc/zh/3', headers: auth, status: 200, expect: { lang: 'zh', page: 3 } },
  { line: 'GET /doc/fr/3', headers: auth, status: 400, expect: undefined },
  { line: 'GET /alias?class=tech&@page=3', headers: auth, status: 200, expect: { tech: 3 } },
  { line: 'POST /echo', headers: json, body: '{"title":"t"}', status: 201, expect: { title: 't', views: 0 } },
]

export interface Outcome {
  status: number
  body: unknown
}

/** Run every case against a fetch handler; bodies are parsed JSON (undefined when empty). */
export async function runCases(fetch: (request: Request) => Promise<Response>): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const c of cases) {
    const [method, path] = c.line.split(' ') as [string, string]
    const response = await fetch(new Request(`http://localhost${path}`, { method, headers: c.headers, body: c.body }))
    const text = await response.text()
    outcomes.push({ status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined })
  }
  return outcomes
}
