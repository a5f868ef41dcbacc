/** The seed's root API for the Nest tests: `/calc/add`, `/calc/time`, `/calc/article` (tests/adapters/fw-api.ts). */
import { api } from 'fw-api'
import { CalcAPI } from '../adapters/fw-api'

export class RootAPI extends api.API {
  static calc = CalcAPI
}
