/**
 * `fw/file`: file schemas and the uploaded file type (docs/api.md).
 *
 * @example
 * import { file } from 'fw-api'
 * @api.post({ avatar: request.BodyParam(file.Image({ maxBytes: 10 * 1024 ** 2 })) })
 * async upload({ avatar }: { avatar: file.UploadedFile }) { return avatar.save('./uploads') }
 */
import { createFileSchema, type FileSchema } from './schema'

export { UploadedFile } from './uploaded'
export {
  createFileSchema,
  toUploadedFile,
  type FileIssue,
  type FileOptions,
  type FileSchema,
} from './schema'
export { isFileSchema } from './info'
export { safeFileName } from '../utils/safe-name'

/**
 * Any file. `file.File({ maxBytes })` bounds its size.
 *
 * @example
 * @api.post({ doc: request.BodyParam(file.File({ maxBytes: 1e6 })) })
 */
const AnyFile: FileSchema = /* @__PURE__ */ createFileSchema()
/**
 * An `image/*` file.
 *
 * @example
 * @api.post({ avatar: request.BodyParam(file.Image({ maxBytes: 2 * 1024 ** 2 })) })
 */
const Image: FileSchema = /* @__PURE__ */ createFileSchema({ mime: 'image/*' })
/**
 * An `audio/*` file.
 *
 * @example
 * v.object({ clip: file.Audio({ maxBytes: 10 * 1024 ** 2 }) })
 */
const Audio: FileSchema = /* @__PURE__ */ createFileSchema({ mime: 'audio/*' })
/**
 * A `video/*` file.
 *
 * @example
 * v.object({ clip: file.Video({ mime: 'video/mp4' }) })
 */
const Video: FileSchema = /* @__PURE__ */ createFileSchema({ mime: 'video/*' })

export { AnyFile as File, Image, Audio, Video }
