export { collectEndpoints, type EndpointDef, type CommonParam, type ClassLevel } from './tree'
export { planParams, type EndpointPlan, type ParamPlan } from './params'
export { compileEndpoint, type CompiledEndpoint, type CompileOptions } from './endpoint'
export { compileRoutes, type CompiledRoutes, type RouteTarget, type Scope } from './routes'
