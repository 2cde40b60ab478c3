import { mkdtempSync } from 'node:fs'
import { realpath } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runCommand, type CommandResult } from './run-command.js'

/**
 * Settings that make git run a program, each forced off. A repository under `raw/` is data an
 * HTTP reader may have planted (an unpacked archive with its own `.git`), and `-c` on the command
 * line outranks every config file, includes and `includeIf` among them.
 */
const NEUTRAL_CONFIG: readonly string[] = [
  // Signature checks run gpg.program (or gpg.<format>.program) on every commit git log shows.
  'log.showSignature=false',
  'gpg.program=false',
  'gpg.openpgp.program=false',
  'gpg.x509.program=false',
  'gpg.ssh.program=false',
  // A file-system monitor is a program git starts to learn what changed.
  'core.fsmonitor=false',
  // Hooks, the pager and the editor are programs too.
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.editor=false',
  'pager.log=false',
  // A lazy fetch of a partial clone's missing objects would run a transport (ext::, ssh, a
  // remote helper): no transport may run at all.
  'protocol.allow=never',
  'core.sshCommand=false',
  'credential.helper=',
  'core.askPass=false',
  // Diff drivers, textconv and filters named by .gitattributes are programs.
  'diff.external=',
  'core.attributesFile=/dev/null',
  // Replace refs would let a repository swap the objects we read.
  'core.useReplaceRefs=false',
]

/**
 * Arguments before every subcommand: the neutral config, no pager, no replace objects.
 * `--no-pager` is the command-line form of `core.pager=cat`, which wins even over `GIT_PAGER`.
 */
function prefixArgs(): string[] {
  const args = ['--no-pager', '--no-replace-objects']
  for (const setting of NEUTRAL_CONFIG) args.push('-c', setting)
  return args
}

/** An empty folder to stand in for HOME and XDG_CONFIG_HOME, made once per process. */
let emptyHome: string | undefined
function emptyFolder(): string {
  emptyHome ??= mkdtempSync(path.join(tmpdir(), 'wiki-safe-git-'))
  return emptyHome
}

/**
 * The environment git runs in: only what it needs to find itself, never the server's own. The
 * system and global config files are not read (HOME points at an empty folder), and no variable
 * the server was started with (GIT_DIR, GIT_EXTERNAL_DIFF, GIT_SSH_COMMAND, PAGER …) reaches git.
 */
function gitEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const home = emptyFolder()
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_ALLOW_PROTOCOL: '',
    LC_ALL: 'C',
    ...extra,
  }
}

/** Read-only git commands on one repository, with nothing configurable able to run a program. */
export interface SafeGit {
  /** The repository's work tree (real path). */
  readonly topLevel: string
  /** Runs `git <args>` against this repository only; nested repositories are never entered. */
  run(args: readonly string[]): Promise<CommandResult>
}

const LIMITS = { timeoutMs: 10_000, maxBytes: 64 * 1024 * 1024 }

/**
 * The repository that holds `folder` itself, found from `folder` upward (never from a file's own
 * folder, which may be a nested repository under `raw/`). Undefined when git is missing or the
 * folder is in no repository; `missing` tells the two apart.
 */
export async function openSafeGit(
  gitCommand: string,
  folder: string,
): Promise<{ ok: true; git: SafeGit } | { ok: false; missing: boolean }> {
  const found = await runCommand(
    gitCommand,
    [...prefixArgs(), '-C', folder, 'rev-parse', '--show-toplevel', '--absolute-git-dir'],
    { ...LIMITS, env: gitEnv({}) },
  )
  if (!found.ok) return { ok: false, missing: found.missing }
  const [top, gitDir] = found.stdout.toString('utf8').trim().split('\n')
  if (!top || !gitDir) return { ok: false, missing: false }
  const topLevel = await realpath(top)
  // The repository is named outright from now on: git does not discover one from a working
  // folder, so a `.git` planted deeper in the tree is never read.
  const env = gitEnv({
    GIT_DIR: gitDir,
    GIT_WORK_TREE: topLevel,
    GIT_CEILING_DIRECTORIES: topLevel,
  })
  return {
    ok: true,
    git: {
      topLevel,
      run: (args) =>
        runCommand(gitCommand, [...prefixArgs(), '-C', topLevel, ...args], { ...LIMITS, env }),
    },
  }
}
