export {
  compilePath,
  restMatcher,
  type CompiledPath,
  type PathParamRule,
  type RestMatcher,
} from './path'
export { joinPath } from './route-path'
export { Router, type PathMatch, type RouteEntry, type RouteMatch } from './router'
