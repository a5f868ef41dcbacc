/**
 * valibot issues as fw lists them (`Invalid.all`): one reason and one item
 * path per issue (at most `MAX_SCHEMA_ISSUES` per value, schema/adapter.ts). The one home of that mapping
 * for the valibot adapter (valibot/adapter.ts).
 */
import type * as v from 'valibot'

/** One failing item: why, and the item names from the param down to it. */
export interface Failure {
  reason: string
  path: (string | number)[]
}

/** The reason fw gives for an issue: a missing value is `required item missing`, anything else valibot's message. */
export function reasonOf(issue: v.BaseIssue<unknown>): string {
  return issue.kind === 'schema' && issue.input === undefined
    ? 'required item missing'
    : issue.message
}

/** The keys of an issue's path (`[]` at the top), after `prefix` when given. */
export function issueKeys(issue: v.BaseIssue<unknown>, prefix?: string): (string | number)[] {
  const keys = issue.path?.map((item) => item.key as string | number) ?? []
  return prefix === undefined ? keys : [prefix, ...keys]
}
