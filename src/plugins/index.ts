/**
 * Built-in plugins (docs/hooks.md), called or with `new` (docs/api.md):
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
 * CORS for preflights and actual responses (docs/security.md, "CORS"); called or with `new`.
 *
 * @example
 * service.use(plugins.CORS({ allowOrigin: ['https://app.example'], allowCredentials: true, maxAge: 600 }))
 */
const CallableCORS = /* @__PURE__ */ callable(CORSClass)
/** An instance of `plugins.CORS`. @example const cors: plugins.CORS = plugins.CORS({ allowOrigin: '*' }) */
type CallableCORS = CORSClass
/**
 * Reads or creates a request id, sets it on `this.request.id` and on the response; called or with `new`.
 *
 * @example
 * service.use(plugins.RequestId())
 */
const CallableRequestId = /* @__PURE__ */ callable(RequestIdClass)
/** An instance of `plugins.RequestId`. @example const ids: plugins.RequestId = plugins.RequestId({ header: 'x-correlation-id' }) */
type CallableRequestId = RequestIdClass
/**
 * One structured JSON line per request; called or with `new`.
 *
 * @example
 * service.use(plugins.Logger({ sink: (line) => process.stdout.write(`${line}\n`) }))
 */
const CallableLogger = /* @__PURE__ */ callable(LoggerClass)
/** An instance of `plugins.Logger`. @example const logger: plugins.Logger = plugins.Logger() */
type CallableLogger = LoggerClass
// Exported under another local name: the .d.ts bundler keeps both the value and the type
// of a renamed export in a namespace (`conf.Time(...)` and `t: conf.Time`), not of a same-named one.
export { CallableCORS as CORS, CallableRequestId as RequestId, CallableLogger as Logger }
