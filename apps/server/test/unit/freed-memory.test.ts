import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { releaseFreedMemory } from '../../src/platform/lib/freed-memory'

describe('releaseFreedMemory (decision 034)', () => {
  it('collects the garbage at once, without --expose-gc and without a global gc', async () => {
    let garbage: number[][] | null = Array.from({ length: 1000 }, (_, index) => [index])
    const collected = new WeakRef(garbage)
    garbage = null
    // A WeakRef keeps its target until the current job ends.
    await nextTurn()
    expect(garbage).toBeNull()
    releaseFreedMemory()
    expect(collected.deref()).toBeUndefined()
    expect('gc' in globalThis).toBe(false)
  })
})
