import { afterEach, describe, expect, it } from 'vitest'
import { takeConsoleErrors } from '../support/console-guard'
import { readFavorites } from '../../src/features/favorites/model/favorites-storage'
import { FavoritesStore, type PrefsStore } from '../../src/features/favorites/model/favorites-store'

/** The account's prefs as a plain object: stands in for GET/PATCH /account/prefs. */
function accountPrefs(initial: Record<string, unknown> = {}) {
  let prefs = structuredClone(initial)
  let failing = false
  const store: PrefsStore = {
    getPrefs: () =>
      failing ? Promise.reject(new Error('offline')) : Promise.resolve(structuredClone(prefs)),
    updatePrefs: (next) => {
      if (failing) return Promise.reject(new Error('offline'))
      prefs = structuredClone(next)
      return Promise.resolve(prefs)
    },
  }
  return {
    store,
    current: () => prefs,
    fail: (value: boolean) => {
      failing = value
    },
  }
}

afterEach(() => localStorage.clear())

describe('favourites storage', () => {
  it('is an empty list when the stored value is unreadable, and logs it', () => {
    for (const stored of ['{not json', '"a"', '{"a":1}', '[1,2]', 'null']) {
      localStorage.setItem('favoriteProjects', stored)
      expect(readFavorites()).toEqual(stored === 'null' ? [] : [])
    }
    expect(takeConsoleErrors().every(([message]) => message === 'Favorites read error')).toBe(true)
  })

  it('drops duplicates and things that are not project ids', () => {
    localStorage.setItem('favoriteProjects', JSON.stringify(['a', 'a', 'b', '', 'has space', 'c']))
    expect(readFavorites()).toEqual(['a', 'b', 'c'])
  })
})

describe('FavoritesStore', () => {
  it('toggles at once, never twice the same id, and mirrors to the account', async () => {
    const account = accountPrefs({ theme: 'dark' })
    const store = new FavoritesStore('m1', account.store)
    expect(store.toggle('a')).toBe(true)
    expect(store.toggle('b')).toBe(true)
    expect(store.getSnapshot()).toEqual(['a', 'b'])
    expect(JSON.parse(localStorage.getItem('favoriteProjects') ?? '')).toEqual(['a', 'b'])
    await store.sync()
    expect(account.current()).toEqual({ theme: 'dark', favoriteProjects: ['a', 'b'] })
    expect(store.toggle('a')).toBe(false)
    await store.sync()
    expect(account.current()).toEqual({ theme: 'dark', favoriteProjects: ['b'] })
  })

  it('brings the account list into a new browser', async () => {
    const account = accountPrefs({ favoriteProjects: ['x', 'y'] })
    const store = new FavoritesStore('m1', account.store)
    await store.sync()
    expect(store.getSnapshot()).toEqual(['x', 'y'])
    expect(readFavorites()).toEqual(['x', 'y'])
  })

  it('keeps changes made while the account is unreachable and sends them later', async () => {
    const account = accountPrefs({ favoriteProjects: ['x'] })
    const store = new FavoritesStore('m1', account.store)
    await store.sync()
    account.fail(true)
    store.toggle('y')
    store.toggle('x')
    await store.sync()
    expect(takeConsoleErrors().length).toBeGreaterThan(0)
    expect(store.getSnapshot()).toEqual(['y'])
    account.fail(false)
    await store.sync()
    expect(account.current()).toEqual({ favoriteProjects: ['y'] })
  })

  it('does not resurrect an id removed on another device', async () => {
    const account = accountPrefs({ favoriteProjects: ['x', 'y'] })
    const here = new FavoritesStore('m1', account.store)
    await here.sync()
    // Another device removes x.
    await account.store.updatePrefs({ favoriteProjects: ['y'] })
    await here.sync()
    expect(here.getSnapshot()).toEqual(['y'])
    expect(account.current()).toEqual({ favoriteProjects: ['y'] })
  })

  it('ignores an account value that is not a list', async () => {
    const account = accountPrefs({ favoriteProjects: 'oops' })
    const store = new FavoritesStore('m1', account.store)
    store.toggle('a')
    await store.sync()
    expect(account.current()).toEqual({ favoriteProjects: ['a'] })
  })
})
