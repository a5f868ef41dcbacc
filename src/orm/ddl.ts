/**
 * The tables' DDL, from drizzle-kit (`drizzle-kit/api`, an optional peer loaded only here):
 * what `create: true` runs for the missing tables, and what `npx fw-api db generate` writes to
 * a module (`GeneratedDdl`) that `create: { ddl }` runs without loading drizzle-kit. The
 * fingerprint of the tables is computed from drizzle-orm alone, so a start checks, without
 * drizzle-kit, that the generated module still matches the tables it is given.
 */
import { is, SQL } from 'drizzle-orm'
import { getTableConfig, isPgEnum, PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'

/**
 * The DDL `npx fw-api db generate <tables module>` writes (`export const ddl = { ... }`), for
 * `orm.Database({ create: { ddl } })`: drizzle-kit's statements creating every table and enum
 * of the schema module, with the fingerprint of the tables they were generated from.
 *
 * @example
 * import { ddl } from './fw-db'    // written by: npx fw-api db generate src/tables.ts
 * orm.Database({ schema: tables, create: { ddl } })
 */
export interface GeneratedDdl {
  /** the fingerprint of the tables the statements were generated from (a start compares it) */
  readonly fingerprint: string
  /** the tables the statements create (`schema.name`) */
  readonly tables: readonly string[]
  /** drizzle-kit's statements, run in order in one transaction */
  readonly statements: readonly string[]
}

/** drizzle-kit's programmatic API (`drizzle-kit/api`), the part fw uses. */
interface DrizzleKit {
  generateDrizzleJson(imports: Record<string, unknown>): unknown
  generateMigration(previous: unknown, current: unknown): Promise<string[]>
}

// A computed specifier: bundlers of an app that never generates DDL never pull drizzle-kit in.
const DRIZZLE_KIT = ['drizzle-kit', 'api'].join('/')

async function drizzleKit(why: string): Promise<DrizzleKit> {
  try {
    return (await import(/* @vite-ignore */ DRIZZLE_KIT)) as DrizzleKit
  } catch {
    throw new ImproperlyConfigured(
      `${why} needs drizzle-kit: npm install -D drizzle-kit (it builds the tables' SQL from the drizzle schema)`,
    )
  }
}

/**
 * drizzle-kit's statements creating `tables` (tables and enums of a schema module, by export
 * name) in an empty database: `generateMigration` from an empty snapshot. Every identifier is
 * checked first (`assertQuotable`).
 */
export async function ddlStatements(
  tables: Record<string, unknown>,
  why = 'orm.Database({ create: true })',
): Promise<string[]> {
  for (const value of Object.values(tables)) assertQuotable(value)
  const kit = await drizzleKit(why)
  return kit.generateMigration(kit.generateDrizzleJson({}), kit.generateDrizzleJson(tables))
}

/** `schema.name` of a table or enum of a schema module; undefined for anything else. */
export function qualifiedName(value: unknown): string | undefined {
  if (is(value, PgTable)) {
    const config = getTableConfig(value)
    return `${config.schema ?? 'public'}.${config.name}`
  }
  return isPgEnum(value) ? `${value.schema ?? 'public'}.${value.enumName}` : undefined
}

/**
 * The DDL of every table and enum of a drizzle schema module, as `npx fw-api db generate`
 * writes it, for `orm.Database({ schema, create: { ddl } })`. Loads drizzle-kit.
 *
 * @example
 * import * as tables from './tables'
 * const ddl = await orm.generateDdl(tables)   // { fingerprint, tables: ['public.users', ...], statements }
 */
export async function generateDdl(schema: Record<string, unknown>): Promise<GeneratedDdl> {
  // by export name, as a module namespace lists them: the same statements however it was loaded
  const entries = Object.entries(schema)
    .filter(([, value]) => qualifiedName(value) !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const statements = await ddlStatements(Object.fromEntries(entries), 'fw-api db generate')
  const tables = entries
    .filter(([, value]) => is(value, PgTable))
    .map(([, value]) => qualifiedName(value) as string)
  return { fingerprint: schemaFingerprint(schema), tables, statements }
}

/** A column's default as text: a value, or the SQL's literal chunks (`now()`). */
function defaultText(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (!is(value, SQL)) return JSON.stringify(value)
  return value.queryChunks
    .map((chunk) => ((chunk as { value?: unknown }).value ?? '?') as unknown)
    .join('')
}

/** What of a table the DDL depends on, from drizzle-orm's table config. */
function tableShape(table: PgTable): unknown {
  const config = getTableConfig(table)
  const names = (columns: readonly unknown[]) =>
    columns.map((column) => String((column as { name?: unknown }).name ?? '?'))
  return [
    qualifiedName(table),
    config.columns.map((column) => [
      column.name,
      column.getSQLType(),
      column.notNull,
      column.primary,
      column.isUnique,
      column.uniqueName,
      defaultText(column.default),
    ]),
    config.indexes.map((index) => [
      index.config.name,
      index.config.unique,
      index.config.method,
      names(index.config.columns),
    ]),
    config.foreignKeys.map((key) => {
      const reference = key.reference()
      const target = getTableConfig(reference.foreignTable).name
      return [key.getName(), target, names(reference.foreignColumns), key.onDelete, key.onUpdate]
    }),
    config.primaryKeys.map((key) => [key.getName(), names(key.columns)]),
    config.uniqueConstraints.map((unique) => [unique.getName(), names(unique.columns)]),
    config.checks.map((check) => [check.name, defaultText(check.value)]),
  ]
}

/**
 * A fingerprint of the tables and enums of a schema module (their columns, types, defaults,
 * keys, indexes and constraints), from drizzle-orm alone: FNV-1a of their description.
 */
export function schemaFingerprint(schema: Record<string, unknown>): string {
  const shapes = Object.values(schema)
    .map((value) =>
      is(value, PgTable)
        ? tableShape(value)
        : isPgEnum(value)
          ? [qualifiedName(value), value.enumValues]
          : undefined,
    )
    .filter((shape) => shape !== undefined)
    .map((shape) => JSON.stringify(shape))
    .sort()
  const text = shapes.join('\n')
  const hash = (seed: number) => {
    let value = seed
    for (let index = 0; index < text.length; index++)
      value = Math.imul(value ^ text.charCodeAt(index), 16777619) >>> 0
    return value.toString(16).padStart(8, '0')
  }
  return `fnv1a:${hash(2166136261)}${hash(374761393)}`
}

/**
 * Is `value` what `create:` takes: a boolean, or `{ ddl }` with a generated module's shape, and
 * a `snapshot` (a path, URL or Blob) only on in-memory PGlite (`engine`, `dataDir`: the database's)?
 */
export function checkCreateOption(
  value: unknown,
  engine: 'pglite' | 'postgres' = 'pglite',
  dataDir?: string,
): void {
  if (value === undefined || typeof value === 'boolean') return
  const create = value as { ddl?: Partial<GeneratedDdl>; snapshot?: unknown } | null
  const ddl = create?.ddl
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string')
  if (
    !(ddl && typeof ddl.fingerprint === 'string' && strings(ddl.tables) && strings(ddl.statements))
  )
    throw new ImproperlyConfigured(
      "orm.Database: `create` is true, or { ddl } with the module `npx fw-api db generate` writes (import { ddl } from './fw-db')",
    )
  const snapshot = create?.snapshot
  if (snapshot === undefined) return
  if (
    !(
      (typeof snapshot === 'string' && snapshot !== '') ||
      snapshot instanceof URL ||
      snapshot instanceof Blob
    )
  )
    throw new ImproperlyConfigured(
      'orm.Database: `create.snapshot` is the path (or file: URL, or Blob) of the file `npx fw-api db generate <tables> --snapshot` writes',
    )
  if (engine !== 'pglite' || dataDir !== undefined)
    throw new ImproperlyConfigured(
      `orm.Database: \`create.snapshot\` starts in-memory PGlite (engine 'pglite', no dataDir), not ${engine === 'pglite' ? `the data directory ${dataDir}` : "engine 'postgres'"}`,
    )
}

/**
 * Refuse a name drizzle-kit's DDL would not escape: it writes identifiers as
 * `"name"` without doubling a `"` inside, so `pgTable('a" (x int); drop table users; --', ...)`
 * would end the identifier and run the rest as SQL. Every identifier of a
 * table to create (its schema, name, columns, indexes and constraints) and of
 * an enum must be free of `"` (values and defaults are escaped by drizzle-kit).
 */
function assertQuotable(value: unknown): void {
  const names: [string, string | undefined][] = []
  if (is(value, PgTable)) {
    const config = getTableConfig(value)
    names.push(['schema', config.schema], ['table', config.name])
    for (const column of config.columns) names.push([`column of ${config.name}`, column.name])
    for (const index of config.indexes) names.push([`index of ${config.name}`, index.config.name])
    for (const unique of config.uniqueConstraints)
      names.push([`unique constraint of ${config.name}`, unique.getName()])
    for (const key of config.foreignKeys)
      names.push([`foreign key of ${config.name}`, key.getName()])
    for (const key of config.primaryKeys)
      names.push([`primary key of ${config.name}`, key.getName()])
    for (const check of config.checks) names.push([`check of ${config.name}`, check.name])
  } else if (isPgEnum(value)) names.push(['schema', value.schema], ['enum', value.enumName])
  for (const [what, name] of names)
    if (name?.includes('"'))
      throw new ImproperlyConfigured(
        `orm.Database({ create: true }): the ${what} ${JSON.stringify(name)} holds a double quote, which drizzle-kit's SQL does not escape: rename it, or create the table with a migration of your own`,
      )
}
