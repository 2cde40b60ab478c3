import lockfile from 'proper-lockfile'
import { WikiSourceError } from '../wiki-source-error.js'
import { isCode } from './path-rules.js'

/** Lock timings; tests lower them. */
export interface LockTimings {
  /** A lock not refreshed for this long is taken over (ms). */
  readonly staleMs: number
  /** How often a held lock is refreshed (ms). */
  readonly updateMs: number
  /**
   * Give up after this long (ms). A waiter always waits long enough to see a lock left by a
   * crashed writer go stale (`staleMs + updateMs` and a second more), whatever this says.
   */
  readonly timeoutMs: number
}

export const defaultLockTimings: LockTimings = {
  staleMs: 5_000,
  updateMs: 1_000,
  timeoutMs: 15_000,
}

/**
 * How long a waiter keeps trying. A lock whose owner crashed is only taken over once it is stale;
 * a waiter that gave up sooner (both used to be 10 s) failed the first write after every crash.
 */
export function patienceOf(timings: LockTimings): number {
  // proper-lockfile raises a stale time under 2 s to 2 s, and keeps refreshes between 1 s and
  // half the stale time: the waiter must outlast what the lock really does.
  const stale = Math.max(timings.staleMs, 2_000)
  const update = Math.max(Math.min(timings.updateMs, stale / 2), 1_000)
  return Math.max(timings.timeoutMs, stale + update + 1_000)
}

/**
 * Per-target lock shared with other processes: the folder `<target>.lock` (proper-lockfile's
 * convention, `realpath: false`, so no placeholder target file is made). A promise queue per path
 * keeps callers within this process in line before they touch the folder.
 */
export class FileLocks {
  readonly #queues = new Map<string, Promise<unknown>>()
  readonly #held = new Set<() => Promise<void>>()
  readonly #timings: LockTimings

  constructor(timings: LockTimings) {
    this.#timings = timings
  }

  async withLock<T>(target: string, shownPath: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(target) ?? Promise.resolve()
    const run = previous.catch(() => undefined).then(() => this.#locked(target, shownPath, work))
    const tail = run.catch(() => undefined)
    this.#queues.set(target, tail)
    try {
      return await run
    } finally {
      if (this.#queues.get(target) === tail) this.#queues.delete(target)
    }
  }

  /**
   * Runs `work` with every target locked at once. Within the process, callers queue on every
   * target they need, registered in one step, so two multi-target callers never wait in a
   * circle. Across processes every lock is first tried at once; if another process holds one,
   * those taken are released and the locks are taken one by one in code-unit order instead, the
   * order every multi-target caller uses.
   */
  async withLocks<T>(
    targets: readonly string[],
    shownPaths: readonly string[],
    work: () => Promise<T>,
  ): Promise<T> {
    const unique = [...new Set(targets)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const previous = unique.map((target) => this.#queues.get(target) ?? Promise.resolve())
    const run = Promise.all(previous.map((p) => p.catch(() => undefined))).then(() =>
      this.#lockedAll(unique, (target) => shownPaths[targets.indexOf(target)] ?? target, work),
    )
    const tail = run.catch(() => undefined)
    for (const target of unique) this.#queues.set(target, tail)
    try {
      return await run
    } finally {
      for (const target of unique)
        if (this.#queues.get(target) === tail) this.#queues.delete(target)
    }
  }

  async #lockedAll<T>(
    targets: readonly string[],
    shown: (target: string) => string,
    work: () => Promise<T>,
  ): Promise<T> {
    const releases: (() => Promise<void>)[] = []
    // in parallel: a move holds a hundred locks, and each release is two file-system calls
    const releaseAll = async (): Promise<void> => {
      await Promise.all(
        releases.splice(0).map((release) => {
          this.#held.delete(release)
          return release().catch(() => undefined)
        }),
      )
    }
    try {
      const tried = await Promise.allSettled(targets.map((target) => this.#tryLock(target)))
      for (const outcome of tried) if (outcome.status === 'fulfilled') releases.push(outcome.value)
      const failure = tried.find((outcome) => outcome.status === 'rejected')
      if (failure) {
        await releaseAll()
        if (!isCode(failure.reason, 'ELOCKED')) throw failure.reason
        for (const target of targets) releases.push(await this.#acquire(target, shown(target)))
      }
      for (const release of releases) this.#held.add(release)
      return await work()
    } finally {
      await releaseAll()
    }
  }

  #tryLock(target: string): Promise<() => Promise<void>> {
    return lockfile.lock(target, {
      realpath: false,
      stale: this.#timings.staleMs,
      update: this.#timings.updateMs,
      retries: 0,
      onCompromised: () => undefined,
    })
  }

  async #locked<T>(target: string, shownPath: string, work: () => Promise<T>): Promise<T> {
    const release = await this.#acquire(target, shownPath)
    this.#held.add(release)
    try {
      return await work()
    } finally {
      this.#held.delete(release)
      await release().catch(() => undefined)
    }
  }

  async #acquire(target: string, shownPath: string): Promise<() => Promise<void>> {
    const patience = patienceOf(this.#timings)
    const deadline = Date.now() + patience
    let wait = 50
    for (;;) {
      try {
        return await lockfile.lock(target, {
          realpath: false,
          stale: this.#timings.staleMs,
          update: this.#timings.updateMs,
          retries: 0,
          // A compromised lock (refresh failed) must not crash the process; the write in progress
          // still replaces the file atomically.
          onCompromised: () => undefined,
        })
      } catch (error) {
        if (!isCode(error, 'ELOCKED')) throw error
        const left = deadline - Date.now()
        if (left <= 0) {
          throw new WikiSourceError(
            'lock_timeout',
            `Could not lock ${shownPath} within ${Math.round(patience / 1000)} s; another writer holds it. Retry later.`,
            {
              data: { path: shownPath },
            },
          )
        }
        // The last try falls on the deadline itself, when a crashed writer's lock is stale.
        const pause = Math.min(wait * (0.5 + Math.random() / 2), left)
        await new Promise((resolve) => setTimeout(resolve, pause))
        wait = Math.min(wait * 2, 1000)
      }
    }
  }

  /** Releases every held lock (best effort, e.g. on shutdown). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.#held].map((release) => release().catch(() => undefined)))
    this.#held.clear()
  }
}
