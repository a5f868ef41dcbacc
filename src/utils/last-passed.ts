/**
 * A test over strings that remembers the last string it passed: a server sees
 * one Host or a few, so most requests compare one string instead of running
 * the test (a regex) again. Only a string that passed is kept.
 *
 * @example
 * const usable = lastPassed((host) => !BAD_HOST.test(host))
 * usable('example.com') // runs the regex; the next 'example.com' compares strings
 */
export function lastPassed(test: (text: string) => boolean): (text: string) => boolean {
  let last: string | undefined
  return (text) => {
    if (text === last) return true
    if (!test(text)) return false
    last = text
    return true
  }
}
