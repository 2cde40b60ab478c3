/**
 * A bad command line or setting: `runServerCli` prints the message on stderr and exits 2. Throw it
 * from an app's `settings` or command with a message naming the flag or variable, the value and
 * what was expected.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
