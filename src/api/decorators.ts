import { isDecoratorContext, isLegacyMemberCall, metaOfMethodCall, type EndpointDecl } from '../meta'
import { fieldEndpoint } from './field'
import type { EndpointDecoratorFactory } from './types'

/**
 * HTTP methods an endpoint decorator or method name can declare.
 *
 * @example
 * api.HTTP_METHODS.includes('get') // true
 */
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/**
 * One of `HTTP_METHODS`.
 *
 * @example
 * const method: api.HttpMethodName = 'post'
 */
export type HttpMethodName = (typeof HTTP_METHODS)[number]

const ROUTE = Symbol.for('fw.route')

/**
 * The `@api.route(path)` of a class, if it declared one itself.
 *
 * @example
 * api.routeOf(ArticleAPI) // '/article' after @api.route('/article')
 */
export function routeOf(cls: Function): string | undefined {
  return Object.hasOwn(cls, ROUTE) ? (cls as unknown as Record<symbol, string>)[ROUTE] : undefined
}

/**
 * Set the path prefix of an API class. It may contain path params, which are
 * common params of every endpoint in the class.
 *
 * @example
 * @api.route('/article')
 * class ArticleAPI extends api.API {}
 */
export function route(path: string): <C extends Function>(cls: C, context?: ClassDecoratorContext) => void {
  return (cls, _context) => {
    Object.defineProperty(cls, ROUTE, { value: path, enumerable: false, configurable: true })
  }
}

function record(method: string, decl: Omit<EndpointDecl, 'method'>, args: readonly unknown[]): void {
  const { meta, name } = metaOfMethodCall(args)
  const list = meta.endpoints.get(name) ?? []
  list.push({ method, ...decl })
  meta.endpoints.set(name, list)
}

function isMethodDecoratorCall(args: readonly unknown[]): boolean {
  return (typeof args[0] === 'function' && isDecoratorContext(args[1]) && args[1].kind === 'method') || isLegacyMemberCall(args)
}

function endpoint(method: string): EndpointDecoratorFactory {
  const factory = (...args: unknown[]): unknown => {
    if (isMethodDecoratorCall(args)) {
      record(method, {}, args) // bare `@api.get`
      return undefined
    }
    if (typeof args[args.length - 1] === 'function') return fieldEndpoint(method, args) // `add = api.get(params, handler)`
    const decl: Omit<EndpointDecl, 'method'> =
      typeof args[0] === 'string'
        ? { path: args[0], params: args[1] as Record<string, unknown> | undefined }
        : { params: args[0] as Record<string, unknown> | undefined }
    return (...target: unknown[]): void => {
      record(method, decl, target)
    }
  }
  return factory as EndpointDecoratorFactory
}

/**
 * `GET` endpoint. Forms: `@api.get`, `@api.get(path)`, `@api.get(path, params)`, `@api.get(params)`.
 *
 * @example
 * @api.get('{slug}', { slug: request.SlugPathParam })
 * getArticle({ slug }: { slug: string }) { return slug }
 */
export const get: EndpointDecoratorFactory = endpoint('GET')
/** `POST` endpoint (same forms as `api.get`). @example @api.post({ data: request.Body(Schema) }) */
export const post: EndpointDecoratorFactory = endpoint('POST')
/** `PUT` endpoint (same forms as `api.get`). @example @api.put('{id}', { id: v.number() }) */
export const put: EndpointDecoratorFactory = endpoint('PUT')
/** `PATCH` endpoint (same forms as `api.get`). @example @api.patch('{id}') */
export const patch: EndpointDecoratorFactory = endpoint('PATCH')
/** `DELETE` endpoint (same forms as `api.get`). @example @api.delete('{id}') */
const deleteEndpoint: EndpointDecoratorFactory = endpoint('DELETE')
export { deleteEndpoint as delete }
/**
 * Alias of `api.delete`: esbuild (tsx, vitest, wrangler) cannot parse `@api.delete`,
 * a reserved word after a dot in a decorator; write `@api.del(...)` or `@(api.delete(...))` there.
 *
 * @example @api.del('{id}')
 */
export const del: EndpointDecoratorFactory = deleteEndpoint
