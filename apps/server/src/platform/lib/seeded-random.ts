/** A small deterministic PRNG so demo data and thumbnails are reproducible without Math.random. */
export interface SeededRandom {
  /** Uniform float in [0, 1). */
  next(): number
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
}

export function createSeededRandom(seed: number): SeededRandom {
  // mulberry32: 32-bit state, good enough statistical quality for fixtures and fast in V8.
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive)
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => itemAt(items, int(items.length)),
  }
}

export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index]
  if (item === undefined) throw new RangeError(`index ${index} out of range for ${items.length} items`)
  return item
}

/** FNV-1a, 32-bit: a stable string hash for deriving seeds and colours. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Picks index r with probability proportional to 1 / (r + 1)^exponent (Zipf-like),
 * using a cumulative table and binary search so each draw is O(log n).
 */
export function createZipfPicker(count: number, exponent: number): (random: SeededRandom) => number {
  const cumulative: number[] = []
  let total = 0
  for (let rank = 0; rank < count; rank++) {
    total += 1 / Math.pow(rank + 1, exponent)
    cumulative.push(total)
  }
  return (random) => {
    const target = random.next() * total
    let low = 0
    let high = count - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if (itemAt(cumulative, middle) > target) high = middle
      else low = middle + 1
    }
    return low
  }
}

/** Draws a count from cumulative probabilities: entry i is P(count <= i); above the last entry gives the maximum. */
export function drawCount(random: SeededRandom, cumulative: readonly number[]): number {
  const draw = random.next()
  const index = cumulative.findIndex((threshold) => draw < threshold)
  return index === -1 ? cumulative.length : index
}

/** Up to `wanted` distinct indexes below `size`, via a partial Fisher–Yates shuffle. */
export function sampleIndexes(random: SeededRandom, size: number, wanted: number): number[] {
  const pool: number[] = []
  for (let index = 0; index < size; index++) pool.push(index)
  const take = Math.min(wanted, size)
  for (let i = 0; i < take; i++) {
    const j = i + random.int(size - i)
    const swap = itemAt(pool, j)
    pool[j] = itemAt(pool, i)
    pool[i] = swap
  }
  return pool.slice(0, take)
}

export function randomToken(random: SeededRandom, length: number, alphabet: string): string {
  let token = ''
  for (let i = 0; i < length; i++) token += alphabet.charAt(random.int(alphabet.length))
  return token
}
