import { describe, expect, it } from 'vitest'
import { projectSource } from '../../src/features/gallery/model/filters'
import { sortFromParams, sortToParams } from '../../src/features/gallery/model/sort'

describe('the sort in the address (decision 029)', () => {
  it('reads newest and az; anything else is no choice', () => {
    expect(sortFromParams(new URLSearchParams('sort=newest'))).toBe('newest')
    expect(sortFromParams(new URLSearchParams('q=chat&sort=az'))).toBe('az')
    for (const address of ['', 'sort=', 'sort=relevance', 'sort=AZ', 'sort=../x'])
      expect(sortFromParams(new URLSearchParams(address)), address).toBeNull()
  })

  it('writes the choice and keeps the other parameters; no choice leaves no parameter', () => {
    expect(sortToParams('az', new URLSearchParams('q=chat&project=p-1')).toString()).toBe(
      'q=chat&project=p-1&sort=az',
    )
    expect(sortToParams(null, new URLSearchParams('sort=newest&tag=t')).toString()).toBe('tag=t')
  })

  it('goes with a search, a category or all projects, never with a tag', () => {
    const none = { q: '', category: null, tag: null }
    expect(projectSource({ ...none, q: 'robot' }, 'az')).toEqual({
      kind: 'search',
      terms: ['robot'],
      sort: 'az',
    })
    expect(projectSource({ ...none, category: 'cat-1' }, 'newest')).toEqual({
      kind: 'category',
      categoryId: 'cat-1',
      sort: 'newest',
    })
    expect(projectSource(none, 'newest')).toEqual({ kind: 'all', sort: 'newest' })
    expect(projectSource({ ...none, tag: 'tag-1' }, 'az')).toEqual({ kind: 'tag', tagId: 'tag-1' })
    expect(projectSource(none, null)).toEqual({ kind: 'all' })
  })
})
