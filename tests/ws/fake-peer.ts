/**
 * In-process stand-ins for what a socket talks to (src/ws/socket.ts, runtime.ts): a peer that
 * records what is sent and how it closed, and a socket endpoint's plan built from limits and
 * schemas. No server, no connection: the unit tests of the ws glue drive them directly.
 */
import { compileSchemaChecker } from '../../src/schema/check'
import { TopicHub } from '../../src/ws/hub'
import { DEFAULT_LIMITS, type SocketLimits } from '../../src/ws/options'
import type { PeerLike, SocketPlan } from '../../src/ws/types'

/** A crossws peer look-alike: `sent` holds what was sent, `closes` how it was closed; `bufferedAmount` is settable. */
export interface FakePeer extends PeerLike {
  sent: string[]
  closes: { code: number | undefined; reason: string | undefined }[]
  bufferedAmount: number
  context: Record<string, unknown>
}

/** A new fake peer. */
export function fakePeer(): FakePeer {
  const peer: FakePeer = {
    sent: [],
    closes: [],
    bufferedAmount: 0,
    context: {},
    send: (data: string) => void peer.sent.push(data),
    close: (code?: number, reason?: string) => void peer.closes.push({ code, reason }),
  }
  return peer
}

/** What a test plan is made of: limits over the defaults, schemas, the hub and the error sink. */
export interface PlanInputs {
  limits?: SocketLimits
  receive?: unknown
  send?: unknown
  hub?: TopicHub
  depth?: number
  onError?: (error: unknown) => void
}

/** A socket endpoint's plan (what src/ws/accept.ts compiles), errors collected in `errors`. */
export function socketPlan(inputs: PlanInputs = {}): SocketPlan & { errors: unknown[] } {
  const errors: unknown[] = []
  const onError = inputs.onError ?? ((error: unknown) => void errors.push(error))
  const depth = inputs.depth ?? 32
  return {
    label: 'TestAPI.room()',
    receive: inputs.receive === undefined ? undefined : compileSchemaChecker(inputs.receive, { depth }),
    send: inputs.send === undefined ? undefined : compileSchemaChecker(inputs.send, { depth }),
    stringify: JSON.stringify,
    limits: { ...DEFAULT_LIMITS, ...inputs.limits },
    depth,
    hub: inputs.hub ?? new TopicHub(undefined, onError),
    onError,
    errors,
  }
}
