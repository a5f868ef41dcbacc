export { Response, envelopeOf, isResponseClass, type Envelope, type ResponseClass } from './response'
export { createRenderer, toHttpError, type Renderer, type Stringify } from './render'
