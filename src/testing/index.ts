/**
 * `fw-api/testing` (SPEC §13): `contract(service)`, a property-based check
 * that a service does what its OpenAPI document says. Needs the optional
 * peers `ajv`, `ajv-formats` and `fast-check`; nothing else of fw imports them.
 */
export {
  contract,
  ContractError,
  type ContractOptions,
  type ContractReport,
  type ContractService,
  type Difference,
  type ExpectedDifference,
} from './contract'
export type { DifferenceKind } from './check'
