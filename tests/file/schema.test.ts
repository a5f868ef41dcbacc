import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import * as file from '../../src/file/index'
import { fileSchemaInfo } from '../../src/file/info'

const png = (size = 4, name = 'a.png') => new File([new Uint8Array(size)], name, { type: 'image/png' })
const txt = (text = 'hello') => new File([text], 'a.txt', { type: 'text/plain' })

function message(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value)
  return result.success ? undefined : result.issues[0].message
}

describe('file schemas', () => {
  it('are valibot schemas with type "file" and readable mime / maxSize', () => {
    expect(file.File.kind).toBe('schema')
    expect(file.File.type).toBe('file')
    expect(file.File.mime).toBeUndefined()
    expect(file.Image.mime).toBe('image/*')
    expect(file.Audio.mime).toBe('audio/*')
    expect(file.Video.mime).toBe('video/*')
    expect(file.Image({ maxSize: 1024 }).maxSize).toBe(1024)
    expect(file.Image({ maxSize: 1024 }).mime).toBe('image/*')
  })

  it('output an UploadedFile (a File with save) from a File or Blob', () => {
    const out = v.parse(file.File, txt())
    expect(out).toBeInstanceOf(File)
    expect(out).toBeInstanceOf(file.UploadedFile)
    expect(typeof out.save).toBe('function')
    const fromBlob = v.parse(file.File, new Blob(['x'], { type: 'text/plain' }))
    expect(fromBlob).toBeInstanceOf(file.UploadedFile)
    expect(fromBlob.type).toBe('text/plain')
    const already = new file.UploadedFile(['x'], 'x.txt')
    expect(v.parse(file.File, already)).toBe(already)
  })

  it('check the type with readable messages', () => {
    expect(v.is(file.Image, png())).toBe(true)
    expect(message(file.Image, txt())).toBe("invalid file type: expected image/*, got 'text/plain'")
    expect(message(file.Audio, new File(['x'], 'a.mp3', { type: 'audio/mpeg' }))).toBeUndefined()
    expect(message(file.Video, png())).toBe("invalid file type: expected video/*, got 'image/png'")
    expect(message(file.File({ mime: 'application/pdf, image/png' }), png())).toBeUndefined()
  })

  it('check the size', () => {
    expect(message(file.Image({ maxSize: 1024 }), png(2048))).toBe('file too large: 2048 > 1024 bytes')
    expect(message(file.Image({ maxSize: 1024 }), png(1024))).toBeUndefined()
    expect(message(file.File({ maxSize: 3, message: 'too big' }), txt())).toBe('too big')
  })

  it('refuse non-files', () => {
    expect(message(file.File, 'a.png')).toBe("expected a file, got 'a.png'")
    expect(message(file.File, 3)).toBe('expected a file, got number')
    expect(message(file.File, null)).toBe('expected a file, got null')
  })

  it('compose with v.array, v.pipe + maxLength, v.object, v.optional', () => {
    const several = v.pipe(v.array(file.Image), v.maxLength(3))
    expect(v.parse(several, [png(), png()])).toHaveLength(2)
    expect(v.safeParse(several, [png(), png(), png(), png()]).success).toBe(false)
    expect(v.safeParse(v.array(file.Image), [png(), txt()]).success).toBe(false)

    const profile = v.object({ name: v.string(), avatar: file.Image({ maxSize: 100 }), cv: v.optional(file.File) })
    const parsed = v.parse(profile, { name: 'a', avatar: png(10) })
    expect(parsed.avatar).toBeInstanceOf(file.UploadedFile)
    expect(parsed.cv).toBeUndefined()
    const failure = v.safeParse(profile, { name: 'a', avatar: png(1000) })
    expect(failure.success).toBe(false)
    expect(failure.issues?.[0]?.message).toBe('file too large: 1000 > 100 bytes')
    expect(v.getDotPath(failure.issues![0]!)).toBe('avatar')

    const piped = v.pipe(file.Image, v.check((f) => f.name.endsWith('.png'), 'must be .png'))
    expect(v.safeParse(piped, png(1, 'a.gif')).issues?.[0]?.message).toBe('must be .png')
    expect(v.is(piped, png())).toBe(true)
  })

  it('implement Standard Schema', async () => {
    const result = await file.Image['~standard'].validate(txt())
    expect('issues' in result && result.issues?.[0]?.message).toBe("invalid file type: expected image/*, got 'text/plain'")
  })

  it('expose a conversion hook that wraps Blobs and leaves other values alone', () => {
    const convert = file.Image['~fwConvert']
    expect(convert(png())).toBeInstanceOf(file.UploadedFile)
    expect(convert('x')).toBe('x')
    expect(convert(undefined)).toBeUndefined()
  })

  it('report their info through wrappers and pipes', () => {
    expect(fileSchemaInfo(file.File)).toEqual({})
    expect(fileSchemaInfo(file.Image)).toEqual({ mime: 'image/*' })
    expect(fileSchemaInfo(v.optional(file.Image({ maxSize: 1024 })))).toEqual({ mime: 'image/*', maxSize: 1024 })
    expect(fileSchemaInfo(v.pipe(file.File, v.maxSize(10), v.mimeType(['image/png'])))).toEqual({ mime: 'image/png', maxSize: 10 })
    expect(fileSchemaInfo(v.nullish(v.pipe(file.Video({ maxSize: 50 }), v.maxSize(20))))).toEqual({ mime: 'video/*', maxSize: 20 })
    expect(fileSchemaInfo(v.string())).toBeUndefined()
    expect(fileSchemaInfo(v.array(file.File))).toBeUndefined()
    expect(file.isFileSchema(file.Audio)).toBe(true)
    expect(file.isFileSchema(v.blob())).toBe(false)
  })

  it('validate options', () => {
    expect(() => file.File({ maxSize: -1 })).toThrow(TypeError)
  })
})
