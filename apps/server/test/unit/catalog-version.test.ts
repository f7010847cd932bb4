import { describe, expect, it } from 'vitest'
import { createCatalogVersion } from '../../src/catalogue/collections/catalog-version'
import type { DatabaseHandle } from '../../src/platform/db/client'

/** A database whose answers the test gives: each read waits for `answer` to be called. */
function heldDatabase() {
  const waiting: ((version: string) => void)[] = []
  const rows = () =>
    new Promise<Record<string, unknown>[]>((resolve) => waiting.push((version) => resolve([{ version }])))
  const database = { rows } as unknown as DatabaseHandle
  return { database, answer: (version: string) => waiting.shift()?.(version), pending: () => waiting.length }
}

describe('the catalogue version', () => {
  it('waits for the first read, then answers from what it knows for a second', async () => {
    let clock = 0
    const held = heldDatabase()
    const version = createCatalogVersion(held.database, 1000, () => clock)
    const first = version.current()
    held.answer('7')
    expect(await first).toBe('7')
    clock = 999
    expect(await version.current()).toBe('7')
    expect(held.pending()).toBe(0)
  })

  it('reads again at once after this process changed the catalogue, never keeping an older read', async () => {
    const held = heldDatabase()
    const version = createCatalogVersion(held.database, 1000, () => 0)
    const first = version.current()
    held.answer('7')
    expect(await first).toBe('7')
    // Within the second, without a change: what it knows.
    expect(await version.current()).toBe('7')
    version.changed()
    const afterChange = version.current()
    expect(held.pending()).toBe(1)
    held.answer('8')
    expect(await afterChange).toBe('8')
    // A read begun before a change, answered after it, is not kept: the next request reads again.
    version.changed()
    const before = version.current()
    version.changed()
    const after = version.current()
    held.answer('8')
    held.answer('9')
    expect(await before).toBe('8')
    expect(await after).toBe('9')
    expect(await version.current()).toBe('9')
  })

  it('does not keep requests waiting behind a read held up by a long transaction', async () => {
    let clock = 0
    const held = heldDatabase()
    const version = createCatalogVersion(held.database, 1000, () => clock, 20)
    const first = version.current()
    held.answer('7')
    await first
    clock = 5000
    // The read is held (an import's transaction): requests get the known version after 20 ms.
    expect(await version.current()).toBe('7')
    expect(await version.current()).toBe('7')
    expect(held.pending()).toBe(1)
    // Once the transaction commits, the read returns the new version, and it is the answer.
    held.answer('8')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await version.current()).toBe('8')
  })

  it('answers the new version at once when the read is quick', async () => {
    let clock = 0
    const held = heldDatabase()
    const version = createCatalogVersion(held.database, 1000, () => clock, 1000)
    const first = version.current()
    held.answer('7')
    await first
    clock = 1500
    const next = version.current()
    held.answer('8')
    expect(await next).toBe('8')
  })
})
