/**
 * UtilMeta's API suite (46 cases of utilmeta-py `tests/test_3_api/params.py`)
 * against the port of its server written with effect 4 schemas
 * (./api-effect.ts): in-process and over HTTP, expected values unchanged
 * from the valibot run.
 */
import * as port from './api-effect'
import { describePort } from './suite'

describePort('effect', port)
