// A small seeded pseudo-random generator (mulberry32) for fuzz and property tests: the same seed
// always gives the same sequence, so a failing seed can be replayed exactly. Not for anything
// that needs real randomness.

/** A deterministic source of random choices. */
export interface SeededRandom {
  /** The seed this generator started from (put it in failure messages). */
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T
  /** True with probability `p`. */
  chance(p: number): boolean
}

/** A mulberry32 generator started from `seed` (any integer; only its low 32 bits count). */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    seed,
    next,
    int: (min, max) => {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
        throw new RangeError(`int(${min}, ${max}) needs integers with min <= max`)
      }
      return min + Math.floor(next() * (max - min + 1))
    },
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) {
        throw new RangeError('pick() needs a non-empty array')
      }
      return items[Math.floor(next() * items.length)] as T
    },
    chance: (p) => next() < p,
  }
}
