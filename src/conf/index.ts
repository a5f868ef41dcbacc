export { Time, type TimeOptions } from './time'
export { compileStrftime } from './strftime'
