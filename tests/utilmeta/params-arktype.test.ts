/**
 * UtilMeta's API suite (46 cases of utilmeta-py `tests/test_3_api/params.py`)
 * against the port of its server written with arktype schemas
 * (./api-arktype.ts): in-process and over HTTP, expected values unchanged
 * from the valibot run.
 */
import * as port from './api-arktype'
import { describePort } from './suite'

describePort('arktype', port)
