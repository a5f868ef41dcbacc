import { Fw, api } from 'fw-api'
import 'fw-api/openapi' // the document and the docs page (docs: true)
import { orm } from 'fw-api/orm'
import { NotesAPI } from './notes.ts'
import * as tables from './tables.ts'
import { UsersAPI } from './users.ts'

/** The API tree: /api/users/… (signup, login, me), /api/notes/… (owner-only writes). */
export class RootAPI extends api.API {
  static users = UsersAPI
  static notes = NotesAPI

  @api.get // GET /api/health → "ok"
  health() {
    return 'ok'
  }
}

/** The service on PGlite (in memory, or in `dataDir`), its tables created from ./tables.ts. */
export async function createApp(options: { dataDir?: string } = {}) {
  const database = orm.Database({ engine: 'pglite', dataDir: options.dataDir, schema: tables, create: true })
  const service = new Fw(import.meta.url, { name: '{{name}}', api: RootAPI, route: '/api', docs: true })
  service.use(orm.DatabaseConnections({ default: database }))
  await database.connect()
  return { service, database }
}
