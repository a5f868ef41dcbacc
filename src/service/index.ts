export { Fw } from './fw'
export type { FwOptions, CorsOptions } from './options'
export type { RunningServer, RunOptions, CloseOptions, Timeouts } from '../serve/types'
