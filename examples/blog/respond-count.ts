/**
 * TEMPORARY, delete once SPEC §8's response templates (`countKey`,
 * `respond(value, { count })`) are merged: lets SPEC §10's code type-check on
 * a build whose `RespondInit` does not list `count` yet (identical
 * declarations merge, so it is harmless after the merge too).
 */
declare module '../../src/api/api' {
  interface RespondInit {
    /** a total count for the envelope's `countKey` (pagination) */
    count?: number
  }
}
export {}
