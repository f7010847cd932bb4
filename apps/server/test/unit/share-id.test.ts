import { describe, expect, it } from 'vitest'
import { ID_PATTERN } from '@pg/shared/constants'
import { newShareId } from '../../src/returning/collections/share-id'

/**
 * A shared collection's link (issue 40, decision 070): a valid Appwrite document id, 32 characters of 62
 * (about 190 bits), each character drawn evenly from the whole alphabet.
 */
describe('newShareId', () => {
  it('gives distinct ids of 32 letters and digits, every one of the 62 used evenly', () => {
    const ids = Array.from({ length: 2000 }, newShareId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) {
      expect(id).toMatch(/^[a-zA-Z0-9]{32}$/)
      expect(ID_PATTERN.test(id)).toBe(true)
    }
    const counts = new Map<string, number>()
    for (const character of ids.join('')) counts.set(character, (counts.get(character) ?? 0) + 1)
    expect(counts.size).toBe(62)
    // 64,000 characters: about 1,032 each; a bias towards some (as `byte % 62` has) would show here.
    for (const count of counts.values()) expect(count).toBeGreaterThan(850)
    for (const count of counts.values()) expect(count).toBeLessThan(1220)
  })
})
