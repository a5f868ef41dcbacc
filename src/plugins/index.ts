/**
 * Built-in plugins (docs/hooks.md): `service.use(new plugins.CORS({ allowOrigin: '*' }))`.
 */
export { CORS, type CORSOptions } from './cors'
export { RequestId, type RequestIdOptions } from './request-id'
export { Logger, type LoggerOptions, type LogRecord } from './logger'
