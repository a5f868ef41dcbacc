/**
 * The README's 30-second example is real code: this file runs it and keeps the two in step.
 * Every URL the README claims is checked against both the example (examples/quickstart.ts)
 * and the example service that `npm run example` serves (examples/app.ts).
 */
import 'fw-api/serve'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { service as example } from '../examples/app'
import { service } from '../examples/quickstart'
import { call } from './helpers/client'

/** The 30-second example's URLs and answers, as its comments and the text under it state them. */
const CLAIMS: Array<[string, number, string]> = [
  ['GET /api/calc/add?a=1.5&b=2.1', 200, '{"data":3,"msg":""}'],
  ['GET /api/calc/time', 200, '{"data":"2025-04-15 16:38:30","msg":""}'],
  ['GET /api/article/hello-world', 200, '{"data":"hello-world","msg":""}'],
  ['GET /api/ping', 200, '"pong"'],
  ['GET /api/calc/add?a=1&b=x', 400, `{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`],
]

describe('README 30-second example', () => {
  it('is examples/quickstart.ts, line for line', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    const shown = block.split('\n').filter((line) => !line.startsWith('await service.run()') && !line.startsWith('// export default service'))
    const file = (await readFile(new URL('../examples/quickstart.ts', import.meta.url), 'utf8')).split('\n').slice(1)
    expect(file.join('\n')).toBe(`${shown.join('\n').trimEnd()}\n\nexport { service }\n`)
  })
  it('states the answers it gets', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    for (const [request, , body] of CLAIMS) {
      expect(readme).toContain(request.slice('GET '.length).split('?')[0])
      expect(readme).toContain(body)
    }
  })
  for (const [name, target] of [['the example', service], ['the example service (npm run example)', example]] as const) {
    it(`answers as the README says: ${name}`, async () => {
      for (const [request, status, body] of CLAIMS) {
        const res = await call(target, request)
        expect([request, res.status, res.text]).toEqual([request, status, body])
      }
    })
  }
  it('problem+json, as the README quotes it', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    const res = await call(example, 'GET /api/query/list?limit=x')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(readme).toContain(`\`GET /api/query/list?limit=x\` answers 400\n\`${res.text}\``)
  })
})
