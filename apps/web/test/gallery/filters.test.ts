import { describe, expect, it } from 'vitest'
import {
  NO_FILTERS,
  applyFilter,
  filtersFromParams,
  filtersToParams,
  openProjectId,
  projectSource,
  searchTerms,
  type GalleryFilters,
} from '../../src/features/gallery/model/filters'

const withEverything: GalleryFilters = { q: 'chat', category: 'cat-1', tag: null }

describe('applyFilter (seed-spec section 4: exclusive filters)', () => {
  it('a category clears the search text and the tag', () => {
    expect(
      applyFilter({ q: 'chat', category: null, tag: 'tag-1' }, { type: 'category', categoryId: 'cat-2' }),
    ).toEqual({
      q: '',
      category: 'cat-2',
      tag: null,
    })
  })

  it('All Categories is a category choice too: it clears search and tag', () => {
    expect(applyFilter(withEverything, { type: 'category', categoryId: null })).toEqual(NO_FILTERS)
  })

  it('a tag clears the search text and sets the category to all', () => {
    expect(applyFilter(withEverything, { type: 'tag', tagId: 'tag-1' })).toEqual({
      q: '',
      category: null,
      tag: 'tag-1',
    })
  })

  it('the selected tag toggles off; another tag replaces it', () => {
    const tagged = { q: '', category: null, tag: 'tag-1' }
    expect(applyFilter(tagged, { type: 'tag', tagId: 'tag-1' })).toEqual(NO_FILTERS)
    expect(applyFilter(tagged, { type: 'tag', tagId: 'tag-2' })).toEqual({
      q: '',
      category: null,
      tag: 'tag-2',
    })
  })

  it('typing changes nothing else', () => {
    const tagged = { q: '', category: null, tag: 'tag-1' }
    expect(applyFilter(tagged, { type: 'search', text: 'ro' })).toEqual({ ...tagged, q: 'ro' })
    expect(applyFilter(withEverything, { type: 'search', text: 'robot' })).toEqual({
      ...withEverything,
      q: 'robot',
    })
  })

  it('clear shows every project', () => {
    expect(applyFilter(withEverything, { type: 'clear' })).toEqual(NO_FILTERS)
  })
})

describe('projectSource (priority: search, tag, category, all)', () => {
  it('search wins once it has 3 characters after trimming', () => {
    expect(projectSource({ q: '  ro  ', category: null, tag: 'tag-1' })).toEqual({
      kind: 'tag',
      tagId: 'tag-1',
    })
    expect(projectSource({ q: ' rob ', category: null, tag: 'tag-1' })).toEqual({
      kind: 'search',
      terms: ['rob'],
    })
  })

  it('then the tag, then the category, then all', () => {
    expect(projectSource({ q: '', category: 'cat-1', tag: 'tag-1' })).toEqual({ kind: 'tag', tagId: 'tag-1' })
    expect(projectSource({ q: 'ab', category: 'cat-1', tag: null })).toEqual({
      kind: 'category',
      categoryId: 'cat-1',
    })
    expect(projectSource(NO_FILTERS)).toEqual({ kind: 'all' })
  })

  it('splits the search on whitespace into distinct terms, at most 10', () => {
    expect(searchTerms('  chat \t bot\nchat ')).toEqual(['chat', 'bot'])
    expect(searchTerms(Array.from({ length: 15 }, (_, i) => `term${i}`).join(' '))).toHaveLength(10)
    expect(searchTerms('ab')).toEqual([])
  })
})

describe('the address', () => {
  it('reads q, category, tag and project', () => {
    const params = new URLSearchParams('q=robot+chat&category=cat-1&project=p-9')
    expect(filtersFromParams(params)).toEqual({ q: 'robot chat', category: 'cat-1', tag: null })
    expect(openProjectId(params)).toBe('p-9')
  })

  it('ignores malformed ids and over-long text from an edited address', () => {
    const params = new URLSearchParams({
      category: '../etc',
      tag: 'x'.repeat(40),
      project: 'a b',
      q: 'q'.repeat(500),
    })
    expect(filtersFromParams(params)).toEqual({ q: 'q'.repeat(200), category: null, tag: null })
    expect(openProjectId(params)).toBeNull()
  })

  it('keeps the tag when an edited address names a tag and a category', () => {
    expect(filtersFromParams(new URLSearchParams('category=cat-1&tag=tag-1'))).toEqual({
      q: '',
      category: null,
      tag: 'tag-1',
    })
  })

  it('writes only what is set and keeps other parameters', () => {
    const next = filtersToParams(
      { q: '', category: 'cat-1', tag: null },
      new URLSearchParams('q=old&tag=t&project=p'),
    )
    expect(next.toString()).toBe('project=p&category=cat-1')
  })

  it('round-trips every filter state', () => {
    for (const filters of [NO_FILTERS, withEverything, { q: 'ñandú ü', category: null, tag: 'tag-1' }])
      expect(filtersFromParams(filtersToParams(filters, new URLSearchParams()))).toEqual(filters)
  })
})
