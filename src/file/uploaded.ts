/**
 * The file an endpoint receives: a Web `File` plus `save()`.
 */
import { saveFile } from '../node/save'

/**
 * The upload a file's accessors and methods read: the file itself, or — for a copy a schema library
 * made of it (arktype copies a class instance with `Object.create` and its own properties, which
 * leaves a `File`'s internal state behind) — the file it was copied from. An own, non-enumerable
 * property: copies carry it.
 */
const ORIGIN: unique symbol = Symbol('fw.file.origin')

/**
 * An uploaded file (`name`, `type`, `size`, `arrayBuffer()`, `text()`,
 * `stream()`), with `save(dir, name?)` to write it to disk. `type` is the
 * part's Content-Type as sent, on every runtime. A copy of it (a schema
 * library's clone) reads and saves the same upload.
 *
 * @example
 * const path = await avatar.save('./uploads')              // uses avatar.name, made safe
 * await avatar.save('./uploads', `${userId}.png`)
 */
export class UploadedFile extends File {
  declare readonly [ORIGIN]: UploadedFile

  // Every File and Blob accessor and method reads the upload itself, so a copy works as the original
  // (the runtime's own ones check for its internal state: `Cannot read private member #name`).
  // Installed by the first upload made, not by a static block: a class with one is kept in every
  // bundle that imports fw-api, used or not (SPEC §5.2).
  static #forwardToOrigin(): void {
    // the type as declared, on every runtime (Bun's File adds `;charset=utf-8` to a text type)
    Object.defineProperty(UploadedFile.prototype, 'type', {
      configurable: true,
      get(this: UploadedFile) {
        return originOf(this).#declaredType
      },
    })
    for (const key of ['name', 'size', 'lastModified', 'webkitRelativePath']) {
      const get = nativeDescriptor(key)?.get
      if (get)
        Object.defineProperty(UploadedFile.prototype, key, {
          configurable: true,
          get(this: UploadedFile) {
            return get.call(originOf(this))
          },
        })
    }
    for (const key of ['arrayBuffer', 'bytes', 'text', 'stream', 'slice']) {
      const method: unknown = nativeDescriptor(key)?.value
      if (typeof method === 'function')
        Object.defineProperty(UploadedFile.prototype, key, {
          configurable: true,
          writable: true,
          value(this: UploadedFile, ...args: unknown[]) {
            return (method as (...args: unknown[]) => unknown).apply(originOf(this), args)
          },
        })
    }
  }

  /** the Content-Type the upload declared, as the File standard reads it (lower case; `''` if not printable ASCII) */
  readonly #declaredType: string

  constructor(...args: ConstructorParameters<typeof File>) {
    super(...args)
    this.#declaredType = declaredType(args[2]?.type)
    Object.defineProperty(this, ORIGIN, { value: this })
    if (!Object.hasOwn(UploadedFile.prototype, 'type')) UploadedFile.#forwardToOrigin()
  }

  /**
   * Write the file into `dir` (created if missing) and return its absolute
   * path. `name` (default: the upload's file name) is reduced to a safe base
   * name; a random one is made when nothing usable remains. Throws on
   * runtimes without a file system (Workers).
   */
  save(dir: string, name?: string): Promise<string> {
    return saveFile(originOf(this), dir, name)
  }

  /**
   * `value` as an `UploadedFile`: returned as is when it already is one,
   * wrapped (no copy of the bytes) when it is another Blob/File.
   *
   * @example
   * UploadedFile.from(new Blob(['hi'], { type: 'text/plain' })).type // 'text/plain'
   */
  static from(value: Blob, name?: string): UploadedFile {
    if (value instanceof UploadedFile) return originOf(value)
    const fileName = name ?? (value instanceof File ? value.name : '')
    const options =
      value instanceof File
        ? { type: value.type, lastModified: value.lastModified }
        : { type: value.type }
    return new UploadedFile([value], fileName, options)
  }
}

/** The upload itself: `file`, or the file a copy of it was made from. */
function originOf(file: UploadedFile): UploadedFile {
  return file[ORIGIN] ?? file
}

/** A File's `type` from the one given, as the File standard makes it: lower case, `''` when a character is not printable ASCII. */
function declaredType(type: string | undefined): string {
  if (type === undefined || !/^[\x20-\x7e]*$/.test(type)) return ''
  return type.toLowerCase()
}

/** A property of `File` or `Blob` as the runtime defines it (on the first prototype that has it). */
function nativeDescriptor(key: string): PropertyDescriptor | undefined {
  for (let proto: object | null = File.prototype; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)
    if (descriptor) return descriptor
  }
  return undefined
}
