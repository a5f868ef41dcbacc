export { Time, type TimeOptions } from './time'
export { NestSettings, type NestSettingsOptions, type NestModuleRef } from './nest'
export { compileStrftime } from './strftime'
