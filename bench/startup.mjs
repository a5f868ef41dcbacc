#!/usr/bin/env node
/**
 * `node bench/startup.mjs [--snapshot] [server module]`: time to the first answer of examples/realworld on
 * Node — from spawning the process (`node --import tsx examples/realworld/server.ts`, or the
 * module given, in-memory PGlite, tables created at connect) to the first 200 on GET /api/tags
 * over 127.0.0.1. `STARTUP_ROUNDS` rounds
 * (default 3), one fresh process each, the median printed with every round, the commit and the
 * machine's load. `CONDUIT_DATA_DIR` and the rest of the environment are passed to the example.
 * `--snapshot`: every round twice, alternating — the usual start (`CONDUIT_SNAPSHOT=off`: initdb,
 * then the DDL) and PGlite from a snapshot (`CONDUIT_SNAPSHOT`, written once into bench/.tmp by
 * `fw-api db generate examples/realworld/tables.ts --snapshot`) — and both medians.
 */
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const rounds = Number(process.env.STARTUP_ROUNDS ?? 3)
const limitMs = Number(process.env.STARTUP_LIMIT_MS ?? 120_000)
const args = process.argv.slice(2)
const compareSnapshot = args.includes('--snapshot')
const server = args.find((arg) => arg !== '--snapshot') ?? 'examples/realworld/server.ts'

/** A free 127.0.0.1 port. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address()
  await new Promise((done) => server.close(done))
  return port
}

/** ms from spawn to the first 200 on GET /api/tags. */
async function round(env = {}) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    cwd: root,
    env: { ...process.env, CONDUIT_DEV: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = once(child, 'exit')
  try {
    while (performance.now() - started < limitMs) {
      if (child.exitCode !== null) throw new Error(`the example exited with ${child.exitCode}`)
      const answer = await fetch(`http://127.0.0.1:${port}/api/tags`).catch(() => undefined)
      if (answer?.status === 200) return performance.now() - started
      await answer?.arrayBuffer()
      await new Promise((done) => setTimeout(done, 20))
    }
    throw new Error(`no 200 on /api/tags within ${limitMs} ms`)
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim()
const medianOf = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]
const listed = (times) => times.map((time) => time.toFixed(0)).join(', ')
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ')
if (compareSnapshot) {
  const snapshot = `${root}bench/.tmp/startup-snapshot.tar.gz`
  mkdirSync(`${root}bench/.tmp`, { recursive: true })
  execFileSync(process.execPath, ['bin/fw-api.mjs', 'db', 'generate', 'examples/realworld/tables.ts', '--out', `${root}bench/.tmp/startup-fw-db.ts`, '--snapshot', snapshot], { cwd: root, stdio: 'inherit' })
  const usual = []
  const fromSnapshot = []
  for (let index = 0; index < rounds; index++) {
    usual.push(await round({ CONDUIT_SNAPSHOT: 'off' }))
    fromSnapshot.push(await round({ CONDUIT_SNAPSHOT: snapshot }))
    console.log(`round ${index + 1}: usual ${usual.at(-1).toFixed(0)} ms, from a snapshot ${fromSnapshot.at(-1).toFixed(0)} ms`)
  }
  console.log(
    `${server} on Node, start → first 200 on GET /api/tags, alternating: usual start (initdb + DDL) median ${medianOf(usual).toFixed(0)} ms (${listed(usual)}), from a snapshot median ${medianOf(fromSnapshot).toFixed(0)} ms (${listed(fromSnapshot)}) of ${rounds}; commit ${commit}, load ${load()}`,
  )
  process.exit(0)
}
const times = []
for (let index = 0; index < rounds; index++) {
  times.push(await round())
  console.log(`round ${index + 1}: ${times.at(-1).toFixed(0)} ms`)
}
console.log(
  `${server} on Node, start → first 200 on GET /api/tags: median ${medianOf(times).toFixed(0)} ms of ${rounds} (${listed(times)}); commit ${commit}, load ${load()}`,
)
