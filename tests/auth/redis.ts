/**
 * A throw-away redis-server for the session store tests: started on a free
 * 127.0.0.1 port without persistence, stopped by `stop()`. Skipped, with the
 * reason, where the binary is absent.
 */
import { spawn } from 'node:child_process'
import { freePort, requirement, which } from '../helpers/requires'

const binary = process.env.REDIS_SERVER ?? which('redis-server')
/** Why Redis tests are skipped, or undefined when they run. */
export const redisSkipReason = requirement('redis-server', binary, 'apt-get install -y redis-server, or set REDIS_SERVER to its path')

/** Start redis-server; resolves when it accepts connections. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!binary) throw new Error(redisSkipReason)
  const port = await freePort()
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 20 s')), 20_000)
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    }),
  }
}
