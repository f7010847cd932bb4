import { describe, expect, it } from 'vitest'
import { createResponseCache } from '../../src/catalogue/collections/response-cache'

/** Issue 10, item 8: the answer cache counts its keys as well as its answers, and its entries. */
const limits = { maxBytes: 20_000, maxEntries: 8 }
const answer = (text: string) => () => Promise.resolve(text)

describe('the answer cache', () => {
  it('keeps counted bytes and entries within bounds for many distinct long keys', async () => {
    const cache = createResponseCache(limits)
    for (let index = 0; index < 500; index += 1) {
      const key = `${index}:${'k'.repeat(3000)}`
      await cache.get(key, answer('{"total":0,"documents":[]}'))
      const usage = cache.usage()
      expect(usage.bytes).toBeLessThanOrEqual(limits.maxBytes)
      expect(usage.entries).toBeLessThanOrEqual(limits.maxEntries)
      // The keys are counted: each entry costs more than its key.
      expect(usage.bytes).toBeGreaterThanOrEqual(usage.entries * 3000)
    }
  })

  it('holds no more entries than allowed, however small', async () => {
    const cache = createResponseCache(limits)
    for (let index = 0; index < 100; index += 1) await cache.get(`k${index}`, answer('x'))
    expect(cache.usage().entries).toBe(limits.maxEntries)
    // The most recent ones stay.
    let computed = false
    await cache.get('k99', async () => {
      computed = true
      return 'x'
    })
    expect(computed).toBe(false)
  })

  it('keeps nothing larger than a quarter of its bytes', async () => {
    const cache = createResponseCache(limits)
    await cache.get('big', answer('x'.repeat(limits.maxBytes / 4)))
    expect(cache.usage()).toMatchObject({ entries: 0, bytes: 0 })
  })
})
