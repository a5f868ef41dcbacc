/**
 * examples/nest (`npm run example:nest`): it type-checks under a Nest
 * project's settings (tests/types/compiler.test.ts) and serves fw and Nest side by side, on both platforms,
 * in a process of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { call, within } from '../adapters/helpers'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsconfig = join(root, 'examples/nest/tsconfig.json')
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill()
})

/** Start the example on a free port; resolves with its base URL once it prints it. */
function start(platform: string): Promise<string> {
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
  const child = spawn(process.execPath, [tsx, '--tsconfig', tsconfig, join(root, 'examples/nest/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', NEST_PLATFORM: platform },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  return within(
    new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer): void => {
        output += chunk.toString()
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (found?.[1]) resolve(found[1])
      }
      child.stdout?.on('data', read)
      child.stderr?.on('data', read)
      child.once('exit', (code) => reject(new Error(`the example exited (${code}): ${output}`)))
    }),
    // a start guard, not a budget: tsc + tsx + Nest take seconds alone and far longer on a busy machine
    90_000,
    'the example to start',
  )
}

describe('examples/nest', () => {
  it.each(['express', 'fastify'])('serves fw under /api and Nest at /users (%s platform)', async (platform) => {
    const base = await start(platform)
    expect((await call(base, '/api/calc/add?a=1&b=2')).text).toBe('{"data":3,"msg":""}')
    expect((await call(base, '/api/calc/now')).json()).toMatchObject({ data: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) })
    expect((await call(base, '/users/1')).json()).toEqual({ id: 1, name: 'grace' })
    expect((await call(base, '/users/x')).status).toBe(400)
    expect((await call(base, '/users/admin/stats')).status).toBe(403)
    expect((await call(base, '/users/admin/stats', { headers: { authorization: 'Bearer admin' } })).json()).toEqual({ count: 3 })
  }, 120_000)
})
