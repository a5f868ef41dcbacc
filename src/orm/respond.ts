/**
 * `this.respond(rows, { count })` (SPEC §8's `countKey`, used by SPEC §10's
 * example). The envelope's `count` belongs to the response templates; this
 * declaration only lets the orm's documented code type-check on builds where
 * `RespondInit` does not list it yet (identical declarations merge).
 */
declare module '../api/api' {
  interface RespondInit {
    /** a total count for the envelope's `countKey` (pagination) */
    count?: number
  }
}
export {}
