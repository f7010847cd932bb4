/**
 * How the member chose to order the cards (decision 029), kept in the address as `?sort=…`. Without a
 * choice a search is ordered by relevance and the rest in catalogue order; newest first and A–Z apply
 * to both. A tag's projects follow its links and cannot be sorted.
 */
export const SORT_CHOICES = ['newest', 'az'] as const
export type SortChoice = (typeof SORT_CHOICES)[number]

const isSortChoice = (value: string | null): value is SortChoice =>
  SORT_CHOICES.some((choice) => choice === value)

/** Anything else in a shared or edited address is ignored. */
export const sortFromParams = (params: URLSearchParams): SortChoice | null => {
  const value = params.get('sort')
  return isSortChoice(value) ? value : null
}

/** The address with this sort; other parameters are kept. */
export function sortToParams(sort: SortChoice | null, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current)
  if (sort) next.set('sort', sort)
  else next.delete('sort')
  return next
}
