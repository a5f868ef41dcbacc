export { Response, isResponseClass, type EnvelopeKeys, type ResponseClass } from './response'
export { sse, type EventStream, type SSEEvent, type SSEOptions } from './sse'
