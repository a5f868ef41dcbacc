/**
 * src/orm/snapshot.ts: starting PGlite from a snapshot — the label in the gzip header comment
 * (`readLabel`, after the optional extra field and file name of RFC 1952), and `startFromSnapshot`:
 * the client started from the decompressed tar when the label's fingerprint and PGlite version
 * match, else one warning saying why and `undefined` (the normal start): an unreadable source, a
 * file without a label, other tables, another PGlite, a damaged file, a failed load (the client
 * closed). In-process with a PGlite look-alike; the real snapshot round trip is
 * tests/orm/db-generate.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { GeneratedDdl } from '../../src/orm/ddl'
import { readLabel, startFromSnapshot, type PgliteClass, type PgliteClient } from '../../src/orm/snapshot'

const VERSION = 'PostgreSQL 18.6 (PGlite 0.5.16)'
const ddl: GeneratedDdl = { fingerprint: 'f1', tables: ['users'], statements: ['CREATE TABLE users (id int)'] }
const TAR = new TextEncoder().encode('a tar of the data directory')

/** `bytes` gzipped. */
async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** A gzip member with header fields (RFC 1952): an extra field, a file name, a comment. */
function withHeader(gzipped: Uint8Array<ArrayBuffer>, fields: { extra?: Uint8Array; name?: string; comment?: string }): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [gzipped.subarray(0, 10)]
  let flags = 0
  if (fields.extra) {
    flags |= 0x04
    parts.push(new Uint8Array([fields.extra.length & 0xff, fields.extra.length >> 8]), fields.extra)
  }
  if (fields.name !== undefined) {
    flags |= 0x08
    parts.push(new TextEncoder().encode(`${fields.name}\0`))
  }
  if (fields.comment !== undefined) {
    flags |= 0x10
    parts.push(new TextEncoder().encode(`${fields.comment}\0`))
  }
  parts.push(gzipped.subarray(10))
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  out[3] = flags
  return out
}

const label = (fingerprint = ddl.fingerprint, version = VERSION) => `fw-api pglite snapshot ${JSON.stringify({ fingerprint, version })}`
const snapshot = async (comment = label(), fields: { extra?: Uint8Array; name?: string } = {}) => withHeader(await gzip(TAR), { ...fields, comment })

/** A PGlite look-alike: what it was started from, whether it was closed; `version` it reports, `failReady` a failed load. */
function fakePglite(options: { version?: string; failReady?: boolean } = {}) {
  const made: { loaded?: Blob; closed: boolean }[] = []
  const PGlite = class implements PgliteClient {
    waitReady: Promise<void>
    readonly #state: { loaded?: Blob; closed: boolean }
    constructor(given?: string | { loadDataDir?: Blob }) {
      this.#state = { loaded: typeof given === 'object' ? given.loadDataDir : undefined, closed: false }
      made.push(this.#state)
      this.waitReady = options.failReady ? Promise.reject(new Error('invalid data directory')) : Promise.resolve()
      this.waitReady.catch(() => undefined)
    }
    async exec() {
      return undefined
    }
    async query() {
      return { rows: [{ version: options.version ?? VERSION }] }
    }
    async dumpDataDir(): Promise<Blob> {
      return new Blob([])
    }
    async close() {
      this.#state.closed = true
    }
  }
  return { PGlite: PGlite as unknown as PgliteClass, made }
}

let warned: string[] = []
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warned.push(String(message)))
})
afterEach(() => {
  warned = []
})

describe('readLabel', () => {
  it('reads the label from the header comment, after an extra field and a file name', async () => {
    expect(readLabel(await snapshot())).toEqual({ fingerprint: 'f1', version: VERSION })
    expect(readLabel(await snapshot(label(), { extra: new Uint8Array([1, 2, 3]), name: 'fw-db.tar' }))).toEqual({ fingerprint: 'f1', version: VERSION })
  })

  it('is undefined for what is no labelled snapshot', async () => {
    for (const bytes of [
      new Uint8Array(),
      new TextEncoder().encode('not gzip at all'),
      await gzip(TAR), // no comment
      await snapshot('another comment'),
      await snapshot('fw-api pglite snapshot {not json'),
      await snapshot('fw-api pglite snapshot {"fingerprint":1,"version":"x"}'),
      (await snapshot()).subarray(0, 20), // the comment cut
    ]) {
      expect(readLabel(bytes)).toBeUndefined()
    }
  })
})

describe('startFromSnapshot', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-snapshot-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('starts PGlite from the decompressed tar of a matching snapshot, given as bytes, a path or a file: URL', async () => {
    const bytes = await snapshot()
    const path = join(dir, 'fw-db.tar.gz')
    await writeFile(path, bytes)
    for (const source of [new Blob([bytes]), path, new URL(`file://${path}`)]) {
      const { PGlite, made } = fakePglite()
      const client = await startFromSnapshot(PGlite, source, ddl)
      expect(client).toBeDefined()
      expect(made).toHaveLength(1)
      expect(new Uint8Array(await (made[0]?.loaded ?? new Blob()).arrayBuffer())).toEqual(TAR)
      expect(made[0]?.closed).toBe(false)
    }
    expect(warned).toEqual([])
  })

  it('falls back, saying why, on a source it cannot read or that is no snapshot, without starting PGlite', async () => {
    const { PGlite, made } = fakePglite()
    expect(await startFromSnapshot(PGlite, join(dir, 'missing.tar.gz'), ddl)).toBeUndefined()
    expect(await startFromSnapshot(PGlite, new Blob([await gzip(TAR)]), ddl)).toBeUndefined()
    expect(made).toEqual([])
    expect(warned[0]).toMatch(/not starting from the snapshot .*missing\.tar\.gz: cannot read it/)
    expect(warned[1]).toContain('(a Blob): it is not a snapshot fw-api wrote (no label in its gzip header)')
    expect(warned[1]).toContain('Regenerate it with npx fw-api db generate')
  })

  it('falls back on a snapshot of other tables, without starting PGlite', async () => {
    const { PGlite, made } = fakePglite()
    expect(await startFromSnapshot(PGlite, new Blob([await snapshot(label('f0'))]), ddl)).toBeUndefined()
    expect(made).toEqual([])
    expect(warned[0]).toContain('it holds other tables than the DDL\'s (fingerprint f0, not f1)')
  })

  it('falls back on a snapshot another PGlite wrote, the client it started closed', async () => {
    const { PGlite, made } = fakePglite({ version: 'PostgreSQL 17.4 (PGlite 0.3.0)' })
    expect(await startFromSnapshot(PGlite, new Blob([await snapshot()]), ddl)).toBeUndefined()
    expect(made[0]?.closed).toBe(true)
    expect(warned[0]).toContain(`it was written by ${VERSION}, this is PostgreSQL 17.4 (PGlite 0.3.0)`)
  })

  it('falls back on a damaged file (a rejection here, never an unhandled one in PGlite)', async () => {
    const { PGlite, made } = fakePglite()
    const bytes = await snapshot()
    expect(await startFromSnapshot(PGlite, new Blob([bytes.subarray(0, bytes.length - 6)]), ddl)).toBeUndefined()
    expect(made).toEqual([])
    expect(warned[0]).toContain('it does not load')
  })

  it('falls back on a load that fails, closing the client', async () => {
    const { PGlite, made } = fakePglite({ failReady: true })
    expect(await startFromSnapshot(PGlite, new Blob([await snapshot()]), ddl)).toBeUndefined()
    expect(made[0]?.closed).toBe(true)
    expect(warned[0]).toContain('it does not load (invalid data directory)')
  })
})
