/** What decorators record about an API class (./class-meta); where a decorator landed lives in ./placement. */
export * from './class-meta'
