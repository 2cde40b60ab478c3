// Seeded fuzzing of JSON answers: the same seed gives the same inputs, so a failure names a seed
// that reproduces it.

/** A uniform generator in [0, 1) from a 32-bit seed (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A copy of `base` with one to three fields, at any depth, deleted or replaced by `replacement()`
 * (now and then a new key `0`), so that a reader meets a valid answer broken in one place.
 */
export function mutateJson(base: unknown, next: () => number, replacement: () => unknown): unknown {
  const copy = structuredClone(base)
  const holders: Record<string, unknown>[] = []
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    holders.push(node as Record<string, unknown>)
    for (const child of Object.values(node)) walk(child)
  }
  walk(copy)
  for (let i = 1 + Math.floor(next() * 3); i > 0; i--) {
    const holder = holders[Math.floor(next() * holders.length)]
    if (holder === undefined) continue
    const keys = Object.keys(holder)
    const key =
      keys.length === 0 || next() < 0.2 ? '0' : (keys[Math.floor(next() * keys.length)] as string)
    if (next() < 0.15) delete holder[key]
    else holder[key] = replacement()
  }
  return copy
}
