/**
 * Fixtures many tests share: the integer schema of the SPEC examples and the
 * `{ data, msg }` envelope. One home, so a change of either is made once.
 */
import * as v from 'valibot'
import { response } from 'fw-api'

/** An integer (`v.number()` + `v.integer()`): the SPEC examples' `int`. */
export const int = v.pipe(v.number(), v.integer())

/** The `{ data, msg }` envelope of the SPEC examples (`static response = Envelope`). */
export class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}
