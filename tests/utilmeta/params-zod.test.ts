/**
 * UtilMeta's API suite (46 cases of utilmeta-py `tests/test_3_api/params.py`)
 * against the port of its server written with zod schemas (./api-zod.ts):
 * in-process and over HTTP, expected values unchanged from the valibot run.
 */
import * as port from './api-zod'
import { describePort } from './suite'

describePort('zod', port)
