export { API, mount, isAPIClass, isMountEntry, RESPONDER, type APIClass, type MountEntry, type RespondInit, type Responder } from './api'
export { route, get, post, put, patch, delete, del, routeOf, HTTP_METHODS, type HttpMethodName } from './decorators'
export type { Input, Params, OutputOf, TemplateParams, EndpointDecorator, EndpointDecoratorFactory } from './types'
