/**
 * File schemas: valibot schemas (usable anywhere valibot takes one) that are
 * also callable to derive a variant with options. `type: 'file'`, `mime`
 * and `maxSize` are readable so the core can plan a binary body.
 */
import * as v from 'valibot'
import { contentTypeEssence, typeMatcher, type TypeMatcher } from '../utils/content-type'
import { byteLimit, checkFileSize } from '../utils/byte-limit'
import { UploadedFile } from './uploaded'

/**
 * Options of a file schema.
 *
 * @example
 * file.Image({ maxBytes: 2 * 1024 ** 2, message: 'an image up to 2 MB' } satisfies file.FileOptions)
 */
export interface FileOptions {
  /** largest accepted size in bytes (UtilMeta's `max_length` on a file field); the one spelling of a byte limit, like `limits.fileBytes` */
  maxBytes?: number
  /** alias of `maxBytes` */
  maxSize?: number
  /** accepted types: `image/*`, `application/pdf`, or a comma-separated list */
  mime?: string
  /** replaces the failure message */
  message?: string
}

/**
 * The issue a file schema reports.
 *
 * @example
 * const issue = v.safeParse(file.Image, 'x').issues?.[0] // a FileIssue: { type: 'file', message: … }
 */
export interface FileIssue extends v.BaseIssue<unknown> {
  readonly kind: 'schema'
  readonly type: 'file'
  readonly expected: string
}

/**
 * A file schema. Output: an `UploadedFile` (a Web `File` with `save()`).
 * Call it to derive a schema with more options.
 *
 * @example
 * v.object({ avatar: file.Image({ maxBytes: 2 * 1024 ** 2 }), docs: v.array(file.File) })
 */
export interface FileSchema extends v.BaseSchema<Blob, UploadedFile, FileIssue> {
  (options?: FileOptions): FileSchema
  readonly type: 'file'
  readonly expects: string
  /** accepted type pattern, e.g. `image/*`; `undefined` for any type */
  readonly mime: string | undefined
  /** largest accepted size in bytes; `undefined` when unbounded by the schema */
  readonly maxBytes: number | undefined
  /** alias of `maxBytes` */
  readonly maxSize: number | undefined
  readonly message: string | undefined
  /** fw's conversion hook: a Blob becomes an `UploadedFile` (413 over `maxSize`), other values pass through to fail validation */
  readonly '~fwConvert': (value: unknown) => unknown
}

type StandardResult = Awaited<ReturnType<FileSchema['~standard']['validate']>>

interface Config {
  mime: string | undefined
  maxSize: number | undefined
  message: string | undefined
}

/**
 * Wire value → `UploadedFile` when it is a Blob; anything else is left for validation.
 *
 * @example
 * file.toUploadedFile(new Blob(['x'])) // an UploadedFile; other values are returned as they are
 */
export function toUploadedFile(value: unknown): unknown {
  return value instanceof Blob ? UploadedFile.from(value) : value
}

/**
 * Build a file schema; `createFileSchema({ mime: 'application/pdf' })` is how
 * further kinds (like `file.Image`) are made.
 *
 * @example
 * const Pdf = createFileSchema({ mime: 'application/pdf', maxBytes: 5e6 })
 */
export function createFileSchema(options: FileOptions = {}): FileSchema {
  return build({
    mime: options.mime,
    maxSize: byteLimit(options, 'maxSize', 'file schema'),
    message: options.message,
  })
}

const converters = new WeakSet<object>()

/** Is `hook` the conversion hook of one of fw's file schemas? */
export function isFileConverter(hook: unknown): boolean {
  return typeof hook === 'function' && converters.has(hook)
}

/** The conversion hook of a file schema: a Blob over `maxSize` is a 413 (too large, not malformed, like every size limit). */
function converterOf(
  maxSize: number | undefined,
  message: string | undefined,
): (value: unknown) => unknown {
  const convert =
    maxSize === undefined
      ? toUploadedFile
      : (value: unknown): unknown => {
          checkFileSize(value, maxSize, message)
          return toUploadedFile(value)
        }
  converters.add(convert)
  return convert
}

function build(config: Config): FileSchema {
  if (config.maxSize !== undefined && !(config.maxSize >= 0)) {
    throw new TypeError(
      `file schema: maxBytes must be a non-negative number, got ${String(config.maxSize)}`,
    )
  }
  const matches: TypeMatcher | undefined = config.mime ? typeMatcher(config.mime) : undefined
  const derive = (options: FileOptions = {}): FileSchema =>
    build({
      mime: options.mime ?? config.mime,
      maxSize: byteLimit(options, 'maxSize', 'file schema') ?? config.maxSize,
      message: options.message ?? config.message,
    })
  const props: Omit<FileSchema, '~standard' | '~types'> = {
    kind: 'schema',
    type: 'file',
    reference: createFileSchema,
    expects: config.mime ?? 'File',
    async: false,
    mime: config.mime,
    maxBytes: config.maxSize,
    maxSize: config.maxSize,
    message: config.message,
    '~fwConvert': converterOf(config.maxSize, config.message),
    '~run'(dataset, runConfig) {
      const value = dataset.value
      let problem: string | undefined
      if (!(value instanceof Blob)) problem = `expected a file, got ${describe(value)}`
      else if (matches && !matches(contentTypeEssence(value.type)))
        problem = `invalid file type: expected ${config.mime}, got '${value.type}'`
      else if (config.maxSize !== undefined && value.size > config.maxSize) {
        problem = `file too large: ${value.size} > ${config.maxSize} bytes`
      }
      if (problem !== undefined) {
        // valibot's own schemas mutate the dataset in place the same way.
        const failed = dataset as unknown as v.FailureDataset<FileIssue>
        const issue = fileIssue(value, config.mime ?? 'File', config.message ?? problem, runConfig)
        failed.typed = false
        if (failed.issues) failed.issues.push(issue)
        else failed.issues = [issue]
        return failed
      }
      // Accept plain Blobs too, so v.parse works without fw's converter.
      const output = dataset as unknown as v.SuccessDataset<UploadedFile>
      output.value = UploadedFile.from(value as Blob)
      output.typed = true
      return output
    },
  } as const
  // Properties go on the function itself (own and enumerable) so both calling
  // it and spreading it (`v.pipe(file.Image, …)` copies its root) keep them.
  const target = Object.assign(derive, props)
  // The Standard Schema interface, as valibot's own schemas carry it.
  const standard: FileSchema['~standard'] = {
    version: 1,
    vendor: 'valibot',
    validate: (value): StandardResult => {
      const dataset = target['~run']({ value }, v.getGlobalConfig())
      // A file schema is a leaf: its own issues carry no path.
      if (dataset.issues)
        return { issues: dataset.issues.map((issue) => ({ ...issue, path: undefined })) }
      return { value: dataset.value }
    },
  }
  return Object.assign(target, { '~standard': standard })
}

/** The issue of a value a file schema refuses (the shape valibot's own schema issues have). */
function fileIssue(
  input: unknown,
  expected: string,
  message: string,
  runConfig: v.Config<v.BaseIssue<unknown>>,
): FileIssue {
  return {
    kind: 'schema',
    type: 'file',
    input,
    expected,
    received: received(input),
    message,
    requirement: undefined,
    path: undefined,
    issues: undefined,
    lang: runConfig.lang,
    abortEarly: runConfig.abortEarly,
    abortPipeEarly: runConfig.abortPipeEarly,
  }
}

/** How valibot names a received value in an issue: `"text"`, `12`, `Blob`, `null`, `undefined`. */
function received(input: unknown): string {
  if (typeof input === 'string') return `"${input}"`
  if (typeof input === 'number' || typeof input === 'bigint' || typeof input === 'boolean')
    return `${input}`
  if (typeof input === 'object' || typeof input === 'function')
    return input === null
      ? 'null'
      : ((Object.getPrototypeOf(input) as { constructor?: { name?: string } } | null)?.constructor
          ?.name ?? 'null')
  return typeof input
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`
  return Array.isArray(value) ? 'array' : typeof value
}
