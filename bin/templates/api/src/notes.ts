import { api, exceptions, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import { z } from 'zod'
import { currentUser } from './auth.ts'
import { notes } from './tables.ts'
import { Owner } from './users.ts'

/** A note as the API sends it: its owner nested, in the same SQL statement. */
export const Note = orm.Schema(notes, { id: true, title: true, body: true, createdAt: true, owner: Owner }, { name: 'Note' })
const NoteRow = orm.Schema(notes, { id: true, title: true, body: true, ownerId: true })

const NoteQuery = orm.Query(notes, {
  search: orm.Search(['title', 'body']),                                   // ?search=milk
  owner: orm.Filter('owner.username'),                                    // ?owner=alice
  order: orm.OrderBy(['createdAt', 'title'], { default: ['-createdAt'] }),  // ?order=title,-createdAt
  offset: orm.Offset(),                                                   // ?offset=20
  limit: orm.Limit({ max: 50, default: 20 }),                             // ?limit=10
})

const id = z.number().int().min(1)
const noteInput = z.object({ title: z.string().trim().min(1).max(200), body: z.string().max(100_000).default('') })
const list = { query: request.Query(NoteQuery) }
const one = { id }
const create = { user: currentUser, data: request.Body(noteInput) }
const change = { user: currentUser, id, data: request.Body(noteInput.partial()) }
const remove = { user: currentUser, id }

/** The note `noteId` if `userId` owns it: 404 when there is none, 403 when it is someone else's. */
export async function ownNote(noteId: number, userId: number): Promise<void> {
  const row = await NoteRow.init(noteId)
  if (row.ownerId !== userId) throw new exceptions.PermissionDenied('only the owner may change this note')
}

export class NotesAPI extends api.API {
  @api.get(list)
  async list({ query }: api.Input<typeof list>) {
    return { notes: await Note.serialize(query), count: await query.count() }
  }

  @api.get('{id}', one)
  async read({ id }: api.Input<typeof one>) {
    return Note.init(id)
  }

  @api.post(create)
  async post({ user, data }: api.Input<typeof create>) {
    return Note.init(await NoteRow.save({ ...data, ownerId: user.id }))
  }

  @api.doc({ errors: [exceptions.PermissionDenied] })    // 403 documented, like the 401 and 404
  @api.patch('{id}', change)
  async edit({ user, id, data }: api.Input<typeof change>) {
    await ownNote(id, user.id)
    await NoteRow.save({ ...data, id })
    return Note.init(id)
  }

  @api.doc({ errors: [exceptions.PermissionDenied] })
  @api.del('{id}', remove)
  async remove({ user, id }: api.Input<typeof remove>) {
    await ownNote(id, user.id)
    await NoteRow.delete(id)
  }
}
