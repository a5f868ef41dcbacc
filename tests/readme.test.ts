/** The README's 30-second example is real code: this file runs it and keeps the two in step. */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { service } from '../examples/quickstart'
import { call } from './helpers/client'

describe('README 30-second example', () => {
  it('is examples/quickstart.ts, line for line', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    const shown = block.split('\n').filter((line) => !line.startsWith('await service.run()') && !line.startsWith('// export default service'))
    const file = (await readFile(new URL('../examples/quickstart.ts', import.meta.url), 'utf8')).split('\n').slice(1)
    expect(file.join('\n')).toBe(`${shown.join('\n').trimEnd()}\n\nexport { service }\n`)
  })
  it('answers as the README says', async () => {
    expect((await call(service, 'GET /api/calc/add?a=1.5&b=2.1')).text).toBe('{"data":3,"msg":""}')
    expect((await call(service, 'GET /api/calc/hello-world')).text).toBe('{"data":"hello-world","msg":""}')
    const bad = await call(service, 'GET /api/calc/add?a=1&b=x')
    expect(bad.status).toBe(400)
    expect(bad.text).toBe(`{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`)
  })
})
