/**
 * Built-in plugins (SPEC §8), called or with `new` (SPEC §1):
 * `service.use(plugins.CORS({ allowOrigin: '*' }))`.
 */
import { CORS as CORSClass } from './cors'
import { Logger as LoggerClass } from './logger'
import { RequestId as RequestIdClass } from './request-id'
import { callable } from '../utils/callable'

export type { CORSOptions } from './cors'
export type { RequestIdOptions } from './request-id'
export type { LoggerOptions, LogRecord } from './logger'

/**
 * CORS for preflights and actual responses (SPEC §8); called or with `new`.
 *
 * @example
 * service.use(plugins.CORS({ allowOrigin: ['https://app.example'], allowCredentials: true, maxAge: 600 }))
 */
export const CORS = callable(CORSClass)
/** An instance of `plugins.CORS`. @example const cors: plugins.CORS = plugins.CORS({ allowOrigin: '*' }) */
export type CORS = CORSClass
/**
 * Reads or creates a request id, sets it on `this.request.id` and on the response; called or with `new`.
 *
 * @example
 * service.use(plugins.RequestId())
 */
export const RequestId = callable(RequestIdClass)
/** An instance of `plugins.RequestId`. @example const ids: plugins.RequestId = plugins.RequestId({ header: 'x-correlation-id' }) */
export type RequestId = RequestIdClass
/**
 * One structured JSON line per request; called or with `new`.
 *
 * @example
 * service.use(plugins.Logger({ sink: (line) => process.stdout.write(`${line}\n`) }))
 */
export const Logger = callable(LoggerClass)
/** An instance of `plugins.Logger`. @example const logger: plugins.Logger = plugins.Logger() */
export type Logger = LoggerClass
