/** The blog service: PGlite by default, a Postgres server when `url` (DATABASE_URL) is given. */
import { Fw } from 'fw-api'
import { orm } from 'fw-api/orm'
import { RootAPI } from './api'
import { createTables } from './sql'
import * as tables from './tables'

export interface BlogOptions {
  /** a Postgres URL; PGlite (in memory, or `dataDir`) without it */
  url?: string
  dataDir?: string
  /** every SQL statement, e.g. to count them */
  onQuery?: (sql: string, params: unknown[]) => void
}

/** Build the service and create the tables (plain SQL: fw never migrates). */
export async function createBlog(options: BlogOptions = {}): Promise<{ service: Fw; database: orm.Database }> {
  const database = options.url
    ? orm.Database({ name: 'blog', engine: 'postgres', url: options.url, schema: tables, onQuery: options.onQuery })
    : orm.Database({ name: 'blog', engine: 'pglite', dataDir: options.dataDir, schema: tables, onQuery: options.onQuery })
  const service = new Fw(import.meta.url, { name: 'blog', api: RootAPI, route: '/api' })
  service.use(orm.DatabaseConnections({ default: database }))
  await database.execute(createTables)
  return { service, database }
}
