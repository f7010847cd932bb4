import { ID_PATTERN, SEARCH_MIN_CHARS } from '@pg/shared/constants'
import type { SortChoice } from './sort'

/** What the member chose: the search text, one category, one tag (seed-spec section 4). */
export interface GalleryFilters {
  q: string
  category: string | null
  tag: string | null
}

export type FilterAction =
  | { type: 'search'; text: string }
  | { type: 'category'; categoryId: string | null }
  | { type: 'tag'; tagId: string }
  | { type: 'clear' }

export const NO_FILTERS: GalleryFilters = { q: '', category: null, tag: null }

/**
 * The filters are exclusive: a category clears the search text and the tag; a tag clears the search
 * text and the category and toggles off when chosen again; typing changes nothing else.
 */
export function applyFilter(filters: GalleryFilters, action: FilterAction): GalleryFilters {
  switch (action.type) {
    case 'search':
      return { ...filters, q: action.text }
    case 'category':
      return { q: '', category: action.categoryId, tag: null }
    case 'tag':
      return { q: '', category: null, tag: filters.tag === action.tagId ? null : action.tagId }
    case 'clear':
      return NO_FILTERS
  }
}

/**
 * Where the projects come from; search, then tag, then category, then all. A sort chosen in the address
 * goes with every source but the tag's (decision 029).
 */
export type ProjectSource =
  | { kind: 'search'; terms: string[]; sort?: SortChoice }
  | { kind: 'tag'; tagId: string }
  | { kind: 'category'; categoryId: string; sort?: SortChoice }
  | { kind: 'all'; sort?: SortChoice }

/** More terms than this add nothing a member means and only cost the database work. */
export const MAX_SEARCH_TERMS = 10

export function searchTerms(text: string): string[] {
  const trimmed = text.trim()
  if (trimmed.length < SEARCH_MIN_CHARS) return []
  return [...new Set(trimmed.split(/\s+/))].slice(0, MAX_SEARCH_TERMS)
}

export function projectSource(filters: GalleryFilters, sort: SortChoice | null = null): ProjectSource {
  const sorted = sort ? { sort } : {}
  const terms = searchTerms(filters.q)
  if (terms.length > 0) return { kind: 'search', terms, ...sorted }
  if (filters.tag) return { kind: 'tag', tagId: filters.tag }
  if (filters.category) return { kind: 'category', categoryId: filters.category, ...sorted }
  return { kind: 'all', ...sorted }
}

/** Search text kept in the address: long enough for any real query, short enough to stay an address. */
export const MAX_SEARCH_LENGTH = 200

const validId = (value: string | null) => (value !== null && ID_PATTERN.test(value) ? value : null)

/** `?q=…&category=…&tag=…`: anything malformed in a shared or edited address is ignored. */
export function filtersFromParams(params: URLSearchParams): GalleryFilters {
  const filters: GalleryFilters = {
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    category: validId(params.get('category')),
    tag: validId(params.get('tag')),
  }
  // An edited address may name both; the rules above never produce that, so keep the tag (it wins).
  return filters.tag ? { ...filters, category: null } : filters
}

/** The address for these filters; other parameters (such as the open project) are kept. */
export function filtersToParams(filters: GalleryFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  set('q', filters.q)
  set('category', filters.category)
  set('tag', filters.tag)
  return next
}

export const openProjectId = (params: URLSearchParams) => validId(params.get('project'))
