/** A counting semaphore: at most `max` holders, the rest wait in arrival order. */
export class Limiter {
  readonly #max: number
  #active = 0
  readonly #waiting: (() => void)[] = []

  constructor(max: number) {
    this.#max = max
  }

  /** Resolves once a slot is held; returns `undefined` when one was free at once (no await needed). */
  acquire(): Promise<void> | undefined {
    if (this.#active < this.#max) {
      this.#active++
      return undefined
    }
    return new Promise((resolve) => {
      this.#waiting.push(() => {
        this.#active++
        resolve()
      })
    })
  }

  release(): void {
    this.#active--
    this.#waiting.shift()?.()
  }
}
