/**
 * `fw-api/testing` (SPEC §13): `contract(service)`, a property-based check
 * that a service does what its OpenAPI document says. Needs the optional
 * peers `ajv`, `ajv-formats` and `fast-check`; nothing else of fw imports them.
 * Registers the OpenAPI builder (`fw-api/openapi`): the contract reads the document.
 */
import '../openapi'

export { contract, type ContractOptions, type ContractService } from './contract'
export {
  ContractError,
  type ContractReport,
  type Difference,
  type ExpectedDifference,
} from './differences'
export type { DifferenceKind } from './check'
