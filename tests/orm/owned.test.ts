/**
 * src/orm/owned.ts: nested rows owned by their parent — `assertOwned` (every nested row given with
 * its key belongs to the parent, else a 400 naming `field[index].key`, one SELECT, the statement
 * check first) and `attempt` (a refused related row skipped only when asked, only a 400). Driven
 * directly with a drizzle database on PGlite (in-process PostgreSQL); through nested writes:
 * tests/orm/relsave.test.ts, tests/orm/writes.test.ts.
 */
import { eq } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BadRequest, Conflict, ServiceUnavailable } from '../../src/exceptions'
import { Database, type Db } from '../../src/orm/database'
import { assertOwned, attempt, type Write } from '../../src/orm/owned'

const posts = pgTable('own_posts', { id: serial('id').primaryKey() })
const comments = pgTable('own_comments', {
  id: serial('id').primaryKey(),
  postId: integer('post_id').notNull(),
  body: text('body'),
})

let database: Database
let db: Db
beforeAll(async () => {
  database = new Database({ engine: 'pglite', schema: { posts, comments } })
  await database.execute(`
    CREATE TABLE own_posts (id serial PRIMARY KEY);
    CREATE TABLE own_comments (id serial PRIMARY KEY, post_id integer NOT NULL, body text);
    INSERT INTO own_posts DEFAULT VALUES; INSERT INTO own_posts DEFAULT VALUES;
    INSERT INTO own_comments (post_id, body) VALUES (1, 'a'), (1, 'b'), (2, 'c');
  `)
  db = await database.db()
})
afterAll(() => database.close())

const relation = { table: comments, parent: 'own_posts', key: 'id' }
const writeWith = (tick: () => void = () => {}): Write => ({ runner: db, options: {}, tick })

describe('assertOwned', () => {
  it("passes when every kept key is the parent's, with one statement (the check before it)", async () => {
    let ticks = 0
    const write = writeWith(() => ticks++)
    await assertOwned(write, relation, eq(comments.postId, 1), [{ index: 0, key: 1 }, { index: 3, key: 2 }], ['comments'])
    expect(ticks).toBe(1)
  })

  it('nothing kept: no statement at all', async () => {
    let ticks = 0
    await assertOwned(writeWith(() => ticks++), relation, eq(comments.postId, 1), [], ['comments'])
    expect(ticks).toBe(0)
  })

  it("another parent's row (or no row) is a 400 naming the first stranger's path", async () => {
    for (const stranger of [3, 99]) {
      const refused = await assertOwned(
        writeWith(),
        relation,
        eq(comments.postId, 1),
        [{ index: 0, key: 1 }, { index: 2, key: stranger }],
        ['posts', 0, 'comments'],
      ).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(BadRequest)
      const message =
        'no own_comments row with this key belongs to this own_posts row (a nested row is created without its key, or updated under its own parent)'
      expect((refused as BadRequest).message).toBe(`posts[0].comments[2].id: ${message}`)
      expect((refused as BadRequest).errors).toEqual([{ in: 'body', name: 'posts', path: ['posts', 0, 'comments', 2, 'id'], message }])
    }
  })

  it('keys compare as text: a key given as a string matches its integer row', async () => {
    await assertOwned(writeWith(), relation, eq(comments.postId, 2), [{ index: 0, key: '3' }], ['comments'])
  })

  it('a key of the wrong type is a 400 from the database, never a 500', async () => {
    const refused = await assertOwned(writeWith(), relation, eq(comments.postId, 1), [{ index: 0, key: 'abc' }], ['comments']).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(BadRequest)
  })

  it("the statement check's refusal (the transaction's time bound) stops it before the SELECT", async () => {
    const late = writeWith(() => {
      throw new ServiceUnavailable('late')
    })
    await expect(assertOwned(late, relation, eq(comments.postId, 1), [{ index: 0, key: 1 }], ['comments'])).rejects.toThrow(
      'late',
    )
  })
})

describe('attempt', () => {
  it('runs the write; with ignore, a 400 it throws is skipped', async () => {
    let ran = false
    await attempt(async () => {
      ran = true
    }, false)
    expect(ran).toBe(true)
    await expect(attempt(() => Promise.reject(new BadRequest('refused')), true)).resolves.toBeUndefined()
  })

  it('without ignore the 400 stays; any other error stays even with ignore', async () => {
    await expect(attempt(() => Promise.reject(new BadRequest('refused')), false)).rejects.toBeInstanceOf(BadRequest)
    await expect(attempt(() => Promise.reject(new BadRequest('refused')), undefined)).rejects.toBeInstanceOf(BadRequest)
    await expect(attempt(() => Promise.reject(new Conflict('taken')), true)).rejects.toBeInstanceOf(Conflict)
    await expect(attempt(() => Promise.reject(new Error('down')), true)).rejects.toThrow('down')
  })
})
