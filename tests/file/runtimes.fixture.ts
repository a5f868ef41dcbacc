/**
 * Uploads read by zod, arktype and valibot schemas on every runtime
 * (tests/file/runtimes.test.ts, served by ./runtimes-server.ts): each file's
 * `save()` works whatever the library did with it (arktype copies class
 * instances), and a part's `type` is its Content-Type as sent.
 */
import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'
import { Fw, api, file, request } from 'fw-api'

/** What the client reads back of one saved upload. */
interface Saved {
  name: string
  type: string
  size: number
  text: string
  path: string
}

/** Save every upload into `dir`, and say what each was. */
function saveAll(dir: string, uploads: readonly File[]): Promise<Saved[]> {
  return Promise.all(
    uploads.map(async (upload) => {
      const { name, type, size } = upload
      const path = await (upload as file.UploadedFile).save(dir)
      return { name, type, size, text: await upload.text(), path }
    }),
  )
}

class FilesAPI extends api.API {
  // Issue 54 #3: arktype copies each File (an instance of a class it does not know), `save()` must still work
  arktype = api.post({ form: request.Form(type({ dir: 'string', images: 'File[]', '+': 'delete' })) }, ({ form }) => saveAll(form.dir, form.images))
  zod = api.post({ form: request.Form(z.object({ dir: z.string(), images: z.array(z.file()) })) }, ({ form }) => saveAll(form.dir, form.images))
  valibot = api.post({ form: request.Form(v.object({ dir: v.string(), images: v.array(file.File) })) }, ({ form }) => saveAll(form.dir, form.images))

  // Issue 54 #4: a part's type as sent on every runtime (Bun's File adds `;charset=utf-8` to text types)
  zodMime = api.post({ form: request.Form(z.object({ doc: z.file().mime(['text/plain']) })) }, ({ form }) => form.doc.type)
  fwMime = api.post({ form: request.Form(v.object({ doc: file.File({ mime: 'text/plain' }) })) }, ({ form }) => form.doc.type)

  // Issue 54 #5: a zod `.max()` bounds its part while it streams (413), as `file.File({ maxBytes })` does
  zodMax = api.post({ form: request.Form(z.object({ doc: z.file().max(1024) })) }, ({ form }) => form.doc.size)
  zodMaxList = api.post({ form: request.Form(z.object({ doc: z.array(z.file().max(1024)) })) }, ({ form }) => form.doc.length)
  zodMaxField = api.post({ doc: request.BodyParam(z.file().max(1024)) }, ({ doc }) => doc.size)
  fwMax = api.post({ form: request.Form(v.object({ doc: file.File({ maxBytes: 1024 }) })) }, ({ form }) => form.doc.size)

  // Issue 54 #5: a download the handler sized keeps its Content-Length (the body held to it)
  download = api.get({ size: v.pipe(v.number(), v.integer()), declared: v.optional(v.pipe(v.number(), v.integer())) }, function (this: api.API, { size, declared }) {
    return this.respond(chunked(size), { headers: { 'content-length': String(declared ?? size), 'content-disposition': 'attachment; filename="data.bin"' } })
  })
}

/** `size` bytes (`x`) in chunks of up to 64 KiB, one per turn of the event loop. */
function chunked(size: number): ReadableStream<Uint8Array> {
  let left = size
  return new ReadableStream({
    async pull(controller) {
      if (left <= 0) return controller.close()
      await new Promise((resolve) => setTimeout(resolve, 1))
      const length = Math.min(left, 64 * 1024)
      left -= length
      controller.enqueue(new Uint8Array(length).fill(120))
    },
  })
}

export const service = new Fw(import.meta.url, { name: 'file-runtimes', api: FilesAPI })
