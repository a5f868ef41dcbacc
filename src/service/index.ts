export { Fw } from './fw'
export type { FwOptions, CorsOptions } from './options'
export { serveFetch, detectRuntime, type RunningServer, type ListenOptions } from './run'
