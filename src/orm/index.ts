/**
 * `fw-api/orm`: UtilMeta's schema-query ORM over drizzle tables (Postgres):
 * declarative schemas that validate input, query relations without N+1 and
 * serialise results (SPEC §10). The core (`fw-api`) imports none of this.
 *
 * @example
 * import { orm } from 'fw-api/orm'
 * const UserSchema = orm.Schema(users, { id: true, username: true, articlesNum: orm.Count('articles') })
 * service.use(orm.DatabaseConnections({ default: orm.Database({ engine: 'pglite', schema: tables }) }))
 */
import * as orm from './namespace'

export { orm }
export type * from './namespace'
