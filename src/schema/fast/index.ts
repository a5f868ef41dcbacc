export { compileFast } from './compile'
export { FAIL, type Fast } from './types'
