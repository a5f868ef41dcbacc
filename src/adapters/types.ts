/**
 * The backend entry types of `adapt()`, `API.__as__()` and `application()`:
 * they live in the api layer (src/api/entry.ts), which `API.__as__` types
 * with; re-exported here for the adapters and the service.
 */
export type {
  AppOf,
  EntryOf,
  IsAsyncSetup,
  NodeIncomingLike,
  NodeOutgoingLike,
  NodeRequestListener,
} from '../api/entry'
