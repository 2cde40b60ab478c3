/**
 * The last element, or undefined for an empty array. Not `items[items.length - 1]`: on an empty
 * array that reads index -1, a named-property lookup through the prototype chain that V8 does
 * not optimise (about 9× slower), and pass 1 and pass 2 ask this of empty stacks constantly.
 */
export function lastOf<T>(items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[items.length - 1]
}
