/**
 * The one way fw refuses a setup mistake: a statement that throws `ImproperlyConfigured`
 * (a bundle carries `throw new ImproperlyConfigured(…)` once, not at every check).
 */
import { ImproperlyConfigured } from './index'

/**
 * Throw `ImproperlyConfigured(message)`: a mistake in how fw is set up, found when the service or
 * a decorator is made (never per request).
 *
 * @example
 * if (!isAPIClass(options.api)) throwImproperlyConfigured('`api` must be a class extending api.API')
 */
export function throwImproperlyConfigured(message: string): never {
  throw new ImproperlyConfigured(message)
}
