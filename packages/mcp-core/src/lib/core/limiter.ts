/**
 * A counting semaphore with a bounded queue: at most `max` holders, at most `maxWaiting` waiting
 * in arrival order; a waiter whose signal aborts leaves the queue at once.
 */
export class Limiter {
  readonly max: number
  readonly maxWaiting: number
  #active = 0
  readonly #waiting = new Set<(held: boolean) => void>()

  constructor(max: number, maxWaiting: number = Number.POSITIVE_INFINITY) {
    this.max = max
    this.maxWaiting = maxWaiting
  }

  /**
   * `true` when a slot was free at once (no await needed), `false` when the queue is full, or a
   * promise of `true` once a slot is held, `false` if `signal` aborted first.
   */
  acquire(signal: AbortSignal): boolean | Promise<boolean> {
    if (this.#active < this.max) {
      this.#active++
      return true
    }
    if (this.#waiting.size >= this.maxWaiting || signal.aborted) return false
    return new Promise((resolve) => {
      const onAbort = (): void => {
        this.#waiting.delete(wake)
        resolve(false)
      }
      const wake = (held: boolean): void => {
        signal.removeEventListener('abort', onAbort)
        resolve(held)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      this.#waiting.add(wake)
    })
  }

  release(): void {
    // A Set iterates in insertion order, so the longest waiter is first.
    for (const wake of this.#waiting) {
      this.#waiting.delete(wake)
      wake(true)
      return
    }
    this.#active--
  }
}
