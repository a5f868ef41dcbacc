export { collectEndpoints, type EndpointDef, type CommonParam } from './tree'
export { planEndpoint, type EndpointPlan, type ParamPlan } from './params'
export { compileEndpoint, type CompiledEndpoint, type CompileOptions } from './endpoint'
