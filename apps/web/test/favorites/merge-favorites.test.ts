import { describe, expect, it } from 'vitest'
import { mergeFavorites, reconcileFavorites } from '../../src/features/favorites/model/merge-favorites'

describe('mergeFavorites (three-way: local, last agreed base, account)', () => {
  it('keeps what was added on either side', () => {
    expect(mergeFavorites(['a', 'b'], ['a'], ['a', 'c'])).toEqual(['a', 'c', 'b'])
  })

  it('does not bring back what was removed here', () => {
    expect(mergeFavorites(['a'], ['a', 'b'], ['a', 'b'])).toEqual(['a'])
  })

  it('does not bring back what was removed elsewhere', () => {
    expect(mergeFavorites(['a', 'b'], ['a', 'b'], ['a'])).toEqual(['a'])
  })

  it('never duplicates an id added on both sides', () => {
    expect(mergeFavorites(['a', 'x'], ['a'], ['a', 'x'])).toEqual(['a', 'x'])
  })
})

describe('reconcileFavorites', () => {
  it('on a first sync keeps both lists', () => {
    expect(reconcileFavorites(['a', 'b'], ['b', 'c'], 'm1', null)).toEqual(['b', 'c', 'a'])
  })

  it('after another member used this browser, the account wins', () => {
    expect(reconcileFavorites(['theirs'], ['mine'], 'm1', { memberId: 'm2', ids: ['theirs'] })).toEqual([
      'mine',
    ])
  })

  it('with the same member, merges three ways', () => {
    expect(reconcileFavorites(['a', 'b'], ['a'], 'm1', { memberId: 'm1', ids: ['a', 'b'] })).toEqual(['a'])
  })
})
