/**
 * PGlite started from a snapshot (`orm.Database({ create: { ddl, snapshot } })`): a gzipped tar
 * of a PGlite data directory with the tables already created, which `npx fw-api db generate
 * <tables> --snapshot` writes. In-memory PGlite loads it (`loadDataDir`) instead of running
 * `initdb` and the DDL. The file is a plain `.tar.gz` whose gzip header comment (FCOMMENT)
 * carries a label: the fingerprint of the tables and the `select version()` of the PGlite that
 * made it (`PostgreSQL 18.6 (PGlite 0.5.16) ...`). A start checks the fingerprint before loading
 * and the version after; a mismatch, an unreadable file or a failed load falls back to the
 * normal start (initdb, then the DDL) with one warning: never tables other than the schema's.
 */
import { builtinModule } from '../node/io/runtime'
import type { GeneratedDdl } from './ddl'

/** What a snapshot's label records. */
interface SnapshotLabel {
  /** the fingerprint of the tables the snapshot holds (`GeneratedDdl.fingerprint`) */
  readonly fingerprint: string
  /** `select version()` of the PGlite that wrote it */
  readonly version: string
}

/**
 * Where `create: { ddl, snapshot }` reads the snapshot: a path, a `file:` URL, or its bytes.
 *
 * @example
 * const snapshot: orm.SnapshotSource = new URL('./fw-db.tar.gz', import.meta.url)
 */
export type SnapshotSource = string | URL | Blob

/** The PGlite client, as far as fw uses it. */
export interface PgliteClient {
  waitReady: Promise<void>
  exec(sql: string): Promise<unknown>
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>
  dumpDataDir(compression: 'none'): Promise<Blob>
  close(): Promise<void>
}

/** The PGlite class: a data directory, or options with `loadDataDir`. */
export type PgliteClass = new (
  options?: string | { dataDir?: string; loadDataDir?: Blob },
) => PgliteClient

const LABEL = 'fw-api pglite snapshot '
const FHCRC = 0x02
const FEXTRA = 0x04
const FNAME = 0x08
const FCOMMENT = 0x10

/** Where a gzip member's header flags say its comment goes: after FEXTRA and FNAME. */
function afterName(gzip: Uint8Array): number {
  if (gzip.length < 10 || gzip[0] !== 0x1f || gzip[1] !== 0x8b) return -1
  const flags = gzip[3] ?? 0
  let at = 10
  if (flags & FEXTRA) at += 2 + (gzip[at] ?? 0) + ((gzip[at + 1] ?? 0) << 8)
  if (flags & FNAME) at = gzip.indexOf(0, at) + 1
  return at > 0 && at <= gzip.length ? at : -1
}

/** The label in a snapshot's gzip header, or undefined when it has none (not a snapshot). */
export function readLabel(gzip: Uint8Array): SnapshotLabel | undefined {
  const at = afterName(gzip)
  if (at < 0 || !((gzip[3] ?? 0) & FCOMMENT)) return undefined
  const end = gzip.indexOf(0, at)
  if (end < 0) return undefined
  const comment = new TextDecoder('latin1').decode(gzip.subarray(at, end))
  if (!comment.startsWith(LABEL)) return undefined
  try {
    const label = JSON.parse(comment.slice(LABEL.length)) as Partial<SnapshotLabel>
    return typeof label.fingerprint === 'string' && typeof label.version === 'string'
      ? { fingerprint: label.fingerprint, version: label.version }
      : undefined
  } catch {
    return undefined
  }
}

/** `gzip` with `label` as its header comment (`gzip -l`, `tar xzf` read it as before). */
function withLabel(gzip: Uint8Array, label: SnapshotLabel): Uint8Array {
  const at = afterName(gzip)
  const flags = gzip[3] ?? 0
  if (at < 0 || flags & (FCOMMENT | FHCRC)) throw new Error('unexpected gzip header')
  const comment = new TextEncoder().encode(`${LABEL}${JSON.stringify(label)}\0`)
  const labelled = new Uint8Array(gzip.length + comment.length)
  labelled.set(gzip.subarray(0, at))
  labelled[3] = flags | FCOMMENT
  labelled.set(comment, at)
  labelled.set(gzip.subarray(at), at + comment.length)
  return labelled
}

async function gzipped(blob: Blob): Promise<Uint8Array> {
  const stream = blob.stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/**
 * The tar inside, decompressed here rather than by PGlite: PGlite does not await its
 * `DecompressionStream` write, so a damaged file would end the process with an unhandled
 * rejection; here it rejects (the gzip CRC and length are checked) and the start falls back.
 */
async function gunzipped(bytes: Uint8Array<ArrayBuffer>): Promise<Blob> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))
  return new Blob([await new Response(stream).arrayBuffer()])
}

const versionOf = async (client: PgliteClient) =>
  String((await client.query('select version() as version')).rows[0]?.version)

/** PGlite's module, a computed specifier: bundlers never follow it (its WASM stays out of bundles). */
export const PGLITE_MODULE = ['@electric-sql', 'pglite'].join('/')

/**
 * A PGlite data directory with the tables of `ddl` created, gzipped and labelled: what
 * `npx fw-api db generate <tables> --snapshot` writes and `create: { ddl, snapshot }` starts
 * from. Runs PGlite (its `initdb`: seconds).
 *
 * @example
 * import { ddl } from './fw-db'
 * await writeFile('fw-db.tar.gz', await orm.generateSnapshot(ddl))
 */
export async function generateSnapshot(ddl: GeneratedDdl): Promise<Uint8Array> {
  const { PGlite } = (await import(/* @vite-ignore */ PGLITE_MODULE)) as { PGlite: PgliteClass }
  const client = new PGlite()
  try {
    await client.waitReady
    await client.exec(['BEGIN', ...ddl.statements, 'COMMIT'].join(';\n'))
    const version = await versionOf(client)
    return withLabel(await gzipped(await client.dumpDataDir('none')), {
      fingerprint: ddl.fingerprint,
      version,
    })
  } finally {
    await client.close()
  }
}

/** The snapshot's bytes: a Blob, or a path or `file:` URL read with `node:fs` (Node, Bun, Deno). */
async function readSnapshot(source: SnapshotSource): Promise<Uint8Array<ArrayBuffer>> {
  if (source instanceof Blob) return new Uint8Array(await source.arrayBuffer())
  const fs = builtinModule<{ readFile(path: string | URL): Promise<Uint8Array> }>(
    'node:fs/promises',
  )
  if (!fs) throw new Error('this runtime has no file system (node:fs/promises)')
  return new Uint8Array(await fs.readFile(source))
}

/**
 * In-memory PGlite started from the snapshot at `source` when it holds the tables of `ddl` and
 * was written by this PGlite; else (one `console.warn` saying why) `undefined`: the caller starts
 * as usual. A snapshot that fails to load is closed and is a fallback too.
 */
export async function startFromSnapshot(
  PGlite: PgliteClass,
  source: SnapshotSource,
  ddl: GeneratedDdl,
): Promise<PgliteClient | undefined> {
  const fallback = (why: string) => {
    console.warn(
      `fw-api orm: not starting from the snapshot ${source instanceof Blob ? '(a Blob)' : String(source)}: ${why}; starting as usual (initdb, then the DDL). Regenerate it with npx fw-api db generate <tables module> --snapshot`,
    )
    return undefined
  }
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = await readSnapshot(source)
  } catch (error) {
    return fallback(`cannot read it (${error instanceof Error ? error.message : String(error)})`)
  }
  const label = readLabel(bytes)
  if (!label) return fallback('it is not a snapshot fw-api wrote (no label in its gzip header)')
  if (label.fingerprint !== ddl.fingerprint)
    return fallback(
      `it holds other tables than the DDL's (fingerprint ${label.fingerprint}, not ${ddl.fingerprint})`,
    )
  let client: PgliteClient | undefined
  try {
    client = new PGlite({ loadDataDir: await gunzipped(bytes) })
    await client.waitReady
    const version = await versionOf(client)
    if (version === label.version) return client
    await client.close()
    return fallback(`it was written by ${label.version}, this is ${version}`)
  } catch (error) {
    await client?.close().catch(() => {})
    return fallback(`it does not load (${error instanceof Error ? error.message : String(error)})`)
  }
}
