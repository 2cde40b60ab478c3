import { execFile } from 'node:child_process'

/** Outcome of a command run without a shell. */
export type CommandResult =
  | { readonly ok: true; readonly stdout: Buffer }
  | {
      readonly ok: false
      readonly missing: boolean
      readonly stderr: string
      readonly code: number | string | null
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
        env: options.env ?? process.env,
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ ok: true, stdout })
          return
        }
        const code = (error as NodeJS.ErrnoException).code ?? null
        resolve({
          ok: false,
          missing: code === 'ENOENT',
          stderr: (
            stderr
              .toString('utf8')
              .split('\n')
              .find((line) => line.trim() !== '') ?? error.message
          ).trim(),
          code: typeof code === 'string' || typeof code === 'number' ? code : null,
        })
      },
    )
  })
}
