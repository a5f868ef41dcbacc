import type { StandardSchemaV1 } from '../schema/adapter'
import { throwImproperlyConfigured } from '../exceptions/configured'
import {
  isDecoratorContext,
  isLegacyMemberCall,
  metaOfMethodCall,
  ownMeta,
  ownStatic,
} from '../meta'
import { isFunction, isObject } from '../utils/is'
import { lineage } from './api'

/**
 * What `@api.doc(...)` says about an endpoint (on a method) or about every
 * endpoint of a class and its sub-APIs (on a class: `tags`, `description`,
 * `deprecated`, `hidden`).
 *
 * @example
 * @api.doc({ summary: 'Create a note', tags: ['notes'], status: 201, result: Note })
 */
export interface OperationDoc {
  /** one line: the operation's name on the docs page (default: the method name) */
  summary?: string
  /** longer text (CommonMark); on a class, the description of its tags */
  description?: string
  /** the document's tags (default: the API class name); on a class, its endpoints' tags */
  tags?: readonly string[]
  /** marked deprecated in the document (still served) */
  deprecated?: boolean
  /** left out of the document and so out of the typed client (still served) */
  hidden?: boolean
  /** the success status: documented, and the status of a plain result (like FastAPI's `status_code`) */
  status?: number
  /** the result's schema for the document (wins over the template's `static result`), e.g. what `this.respond(value)` sends */
  result?: StandardSchemaV1
  /**
   * the media type of the success answer of an endpoint that builds its own `Response` (e.g.
   * `'text/plain'`): documented instead of JSON, which fw cannot know it does not send (with
   * `result`, that is its schema)
   */
  contentType?: string
  /** the endpoint answers `text/event-stream` (`response.sse`); a schema describes each event's `data` */
  events?: true | StandardSchemaV1
  /** errors it may throw, documented with their status (`exceptions.NotFound` → 404); on a before hook, for every target */
  errors?: readonly (abstract new (
    ...args: never[]
  ) => Error)[]
}

/**
 * A decorator for a method or a class, under either decorator standard.
 *
 * @example
 * const hide: api.DocDecorator = api.hidden
 */
export interface DocDecorator {
  (value: Function, context: ClassMethodDecoratorContext | ClassDecoratorContext): void
  (target: object, key: string | symbol, descriptor?: PropertyDescriptor): void
  (cls: Function): void
}

const CLASS_DOC = Symbol.for('fw.doc')

function docDecorator(doc: OperationDoc): DocDecorator {
  const decorate = (...args: unknown[]): void => {
    const context = args[1]
    const onClass = isDecoratorContext(context)
      ? context.kind === 'class'
      : args.length === 1 && isFunction(args[0])
    if (onClass) {
      const cls = args[0] as Function
      const own = ownStatic(cls, CLASS_DOC) as OperationDoc | undefined
      Object.defineProperty(cls, CLASS_DOC, { value: { ...own, ...doc }, configurable: true })
      return
    }
    if (isDecoratorContext(context) && context.kind === 'field')
      throwImproperlyConfigured(
        `@api.doc / @api.hidden are on the field '${String(context.name)}'; a field endpoint takes them after its handler: api.get(params, handler, { doc: { … } })`,
      )
    if (!isLegacyMemberCall(args) && !(isDecoratorContext(context) && context.kind === 'method'))
      throwImproperlyConfigured(
        '@api.doc / @api.hidden go on an endpoint method or an API class (a field endpoint: api.get(params, handler, { doc }))',
      )
    const { meta, name } = metaOfMethodCall(args)
    meta.docs.set(name, { ...(meta.docs.get(name) as OperationDoc | undefined), ...doc })
  }
  return decorate as DocDecorator
}

/** `type/subtype` as RFC 9110 writes a media type (tokens; no parameters). */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/

const STATUS_OK = (status: number): boolean =>
  Number.isInteger(status) && status >= 200 && status <= 299

/**
 * Describe an endpoint (method) or every endpoint of a class for the
 * OpenAPI document and the docs page: summary, description, tags,
 * deprecation, the success status and the result's schema.
 *
 * @example
 * @api.doc({ summary: 'Create a note', tags: ['notes'], status: 201, result: Note })
 * @api.post({ data: request.Body(NoteIn) })
 * create({ data }: { data: NoteIn }) { return this.respond(save(data), { status: 201 }) }
 */
export function doc(options: OperationDoc): DocDecorator {
  return docDecorator(checkedDoc(options, '@api.doc'))
}

/**
 * A copy of an endpoint's doc, checked (`where` names the declaration in the error).
 *
 * @example
 * checkedDoc({ status: 204 }, 'api.del(…, handler, options) { doc }') // { status: 204 }
 */
export function checkedDoc(options: OperationDoc, where: string): OperationDoc {
  if (!isObject(options))
    throwImproperlyConfigured(`${where}: takes an object ({ summary, status, tags, … })`)
  if (options.status !== undefined && !STATUS_OK(options.status))
    throwImproperlyConfigured(
      `${where}({ status: ${options.status} }): a success status is 200–299`,
    )
  if (options.contentType !== undefined && !MEDIA_TYPE.test(options.contentType))
    throwImproperlyConfigured(
      `${where}({ contentType: ${JSON.stringify(options.contentType)} }): a media type, e.g. 'text/plain' or 'image/png'`,
    )
  return { ...options }
}

/**
 * Leave an endpoint (method) or a class and its sub-APIs out of the
 * document and the typed client; the routes are still served.
 *
 * @example
 * @api.hidden
 * @api.get
 * internalStats() { return stats }
 */
export const hidden: DocDecorator = /* @__PURE__ */ docDecorator({ hidden: true })

/** `@api.doc` / `@api.hidden` of a class (and its base classes). */
export function classDoc(cls: Function): OperationDoc | undefined {
  return (cls as unknown as Record<symbol, OperationDoc | undefined>)[CLASS_DOC]
}

/**
 * The doc of one endpoint: its method's `@api.doc` (base classes first) or a
 * field endpoint's `{ doc }` (`own`), over the docs of the classes from the
 * root down to its own.
 *
 * @example
 * operationDoc([RootAPI, NotesAPI], 'create') // { summary: 'Create a note', status: 201, ... }
 */
export function operationDoc(
  classes: readonly Function[],
  methodName: string,
  own?: OperationDoc,
): OperationDoc {
  let merged: OperationDoc = {}
  for (const cls of classes) {
    const own = classDoc(cls)
    // A class speaks for all its endpoints: its summary, status and result are not theirs.
    if (own)
      merged = {
        ...merged,
        ...own,
        summary: undefined,
        description: undefined,
        status: undefined,
        result: undefined,
        events: undefined,
        contentType: undefined,
      }
  }
  const leaf = classes.at(-1)
  return { ...merged, ...(leaf ? methodDoc(leaf, methodName) : {}), ...own }
}

/**
 * The `@api.doc` of one method of a class (base classes first, the nearest wins).
 *
 * @example
 * methodDoc(ArticleAPI, 'loadArticle') // { errors: [exceptions.NotFound] }
 */
export function methodDoc(cls: Function, methodName: string): OperationDoc {
  let merged: OperationDoc = {}
  const classes = lineage(cls, (current) => isFunction(current) && current !== Function.prototype)
  for (const ancestor of classes) {
    for (const meta of ownMeta(ancestor)) {
      const own = meta.docs.get(methodName) as OperationDoc | undefined
      if (own) merged = { ...merged, ...own }
    }
  }
  return merged
}
