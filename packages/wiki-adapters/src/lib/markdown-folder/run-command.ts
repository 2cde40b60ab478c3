import { execFile } from 'node:child_process'

/** Outcome of a command run without a shell. */
export type CommandResult =
  | { readonly ok: true; readonly stdout: Buffer }
  | {
      readonly ok: false
      readonly missing: boolean
      /**
       * The first line the command wrote to stderr, or its exit status. Never Node's own error
       * message, which repeats the whole command line, absolute paths included.
       */
      readonly stderr: string
      readonly code: number | string | null
      /** The signal that ended the command, if one did. */
      readonly signal: string | null
      /** Whether the command was stopped for running past `timeoutMs`. */
      readonly timedOut: boolean
    }

/** Runs `command` with an argument array (never a shell), bounded in time and output. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { timeoutMs: number; maxBytes: number; env?: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        encoding: 'buffer',
        timeout: options.timeoutMs,
        maxBuffer: options.maxBytes,
        windowsHide: true,
        killSignal: 'SIGKILL',
        env: options.env ?? process.env,
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ ok: true, stdout })
          return
        }
        const failure = error as NodeJS.ErrnoException & {
          killed?: boolean
          signal?: string | null
        }
        const code = failure.code ?? null
        const overflow = code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
        const firstLine = stderr
          .toString('utf8')
          .split('\n')
          .find((line) => line.trim() !== '')
        resolve({
          ok: false,
          missing: code === 'ENOENT',
          stderr: (firstLine ?? `exit status ${String(code)}`).trim(),
          code: typeof code === 'string' || typeof code === 'number' ? code : null,
          signal: failure.signal ?? null,
          timedOut: failure.killed === true && !overflow && failure.signal === 'SIGKILL',
        })
      },
    )
  })
}
