/**
 * The file an endpoint receives: a Web `File` plus `save()`.
 */
import { saveFile } from '../node/save'

/**
 * An uploaded file (`name`, `type`, `size`, `arrayBuffer()`, `text()`,
 * `stream()`), with `save(dir, name?)` to write it to disk.
 *
 * @example
 * const path = await avatar.save('./uploads')              // uses avatar.name, made safe
 * await avatar.save('./uploads', `${userId}.png`)
 */
export class UploadedFile extends File {
  /**
   * Write the file into `dir` (created if missing) and return its absolute
   * path. `name` (default: the upload's file name) is reduced to a safe base
   * name; a random one is made when nothing usable remains. Throws on
   * runtimes without a file system (Workers).
   */
  save(dir: string, name?: string): Promise<string> {
    return saveFile(this, dir, name)
  }

  /**
   * `value` as an `UploadedFile`: returned as is when it already is one,
   * wrapped (no copy of the bytes) when it is another Blob/File.
   *
   * @example
   * UploadedFile.from(new Blob(['hi'], { type: 'text/plain' })).type // 'text/plain'
   */
  static from(value: Blob, name?: string): UploadedFile {
    if (value instanceof UploadedFile) return value
    const fileName = name ?? (value instanceof File ? value.name : '')
    const options =
      value instanceof File
        ? { type: value.type, lastModified: value.lastModified }
        : { type: value.type }
    return new UploadedFile([value], fileName, options)
  }
}
