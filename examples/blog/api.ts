/**
 * The blog API: SPEC §10's code as written (users, articles with author,
 * comments and counts), plus a users endpoint.
 */
import { api, request, response } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { articles, comments, users } from './tables'

export const UserSchema = orm.Schema(users, { id: true, username: true, articlesNum: orm.Count('articles') })
export const ArticleSchema = orm.Schema(articles, {
  id: true, title: true, content: true,
  author: UserSchema,                                  // to-one relation: nested schema
  comments: [orm.Schema(comments, { id: true, body: true })],   // to-many
  commentsNum: orm.Count('comments'),
})
export const ArticleQuery = orm.Query(articles, {
  author: orm.Filter('author.username'),               // ?author=alice
  within: orm.Filter('createdAt', 'gte'),
  offset: orm.Offset(), limit: orm.Limit({ max: 100 }),
  order: orm.OrderBy(['createdAt', 'title']),         // ?order=-createdAt
})

export class ArticleAPI extends api.API {
  @api.doc({ result: v.array(ArticleSchema) })        // the document's result: ArticleSchema's component, as a list
  @api.get({ query: request.Query(ArticleQuery) })
  async get({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) {
    return this.respond(await ArticleSchema.serialize(query), { count: await query.count() })
  }
  @api.doc({ result: ArticleSchema })
  @api.post({ article: request.Body(ArticleSchema.input({ omit: ['id'] })) })
  async post({ article }: { article: orm.InputOf<typeof ArticleSchema> }) {
    return ArticleSchema.init(await ArticleSchema.save(article))    // insert; save({ id, ... }) updates
  }
}

export const UserInput = orm.Schema(users, { id: true, username: true, email: true })

export class UserAPI extends api.API {
  @api.doc({ result: UserSchema })
  @api.get('{id}', { id: v.pipe(v.number(), v.integer()) })
  async getUser({ id }: { id: number }) {
    return UserSchema.init(id)
  }
  @api.doc({ result: UserSchema })
  @api.post({ user: request.Body(UserInput.input({ omit: ['id'] })) })
  async post({ user }: { user: orm.InputOf<typeof UserInput> }) {
    return UserSchema.init(await UserInput.save(user))
  }
  @api.doc({ result: v.array(UserSchema) })
  @api.post('bulk', { users: request.Body(v.pipe(v.array(UserInput.input({ omit: ['id'] })), v.maxLength(1000))) })
  async bulk({ users: list }: { users: orm.InputOf<typeof UserInput>[] }) {
    return UserSchema.serialize({ id: await UserInput.bulkSave(list) })   // one transaction, then one SELECT
  }
}

export class RootAPI extends api.API {
  static response = class extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
    static countKey = 'count'
  }
  static article = ArticleAPI
  static user = UserAPI
}
