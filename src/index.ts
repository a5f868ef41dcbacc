/**
 * fw — declarative, validated HTTP APIs as decorated classes, compiled to one
 * Web-standard fetch handler.
 *
 * @example
 * import { Fw, api } from 'fw-api'
 * import * as v from 'valibot'
 * class CalcAPI extends api.API {
 *   @api.get({ a: v.number(), b: v.number() })
 *   add({ a, b }: { a: number; b: number }) { return a + b }
 * }
 * export default new Fw(import.meta.url, { api: CalcAPI })
 */
import './polyfill'

export * as api from './api'
export * as request from './request'
export * as response from './response'
export * as file from './file'
export * as conf from './conf'
export * as exceptions from './exceptions'
export * as plugins from './plugins'
export { Fw, type FwOptions, type CorsOptions, type RunningServer } from './service'
export { Param } from './request'
export { Field } from './schema'
export { fromNode } from './adapters/node'
export type { FetchHandler } from './types'
export type { Limits } from './body/limits'
