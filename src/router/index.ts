export { compilePath, joinPath, type CompiledPath, type PathParamRule } from './path'
export { Router, type PathMatch, type RouteEntry, type RouteMatch } from './router'
