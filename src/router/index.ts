export { compilePath, type CompiledPath, type PathParamRule } from './path'
export { joinPath } from './route-path'
export { Router, type PathMatch, type RouteEntry, type RouteMatch } from './router'
