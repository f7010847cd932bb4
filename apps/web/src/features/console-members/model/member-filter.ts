import { Query } from 'appwrite'

export const MEMBERS_PER_PAGE = 25
/** The server's own limit for `search` (decision 035). */
export const SEARCH_MAX = 256

export const MEMBER_STATUSES = ['active', 'disabled'] as const
export type MemberStatusFilter = (typeof MEMBER_STATUSES)[number]

/** The Members page's search, status filter and page, kept in the address (`?q=&status=&offset=`). */
export interface MemberFilter {
  search: string
  status: MemberStatusFilter | ''
  offset: number
}

/** The filter an address asks for; anything it cannot mean is left out rather than sent to the server. */
export function readMemberFilter(params: URLSearchParams): MemberFilter {
  const offset = Number(params.get('offset'))
  return {
    search: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    status: MEMBER_STATUSES.find((status) => status === params.get('status')) ?? '',
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  }
}

/** The address after a change: empty values and the first page leave no parameter behind. */
export function writeMemberFilter(old: URLSearchParams, change: Partial<MemberFilter>): URLSearchParams {
  const next = new URLSearchParams(old)
  const names: Record<keyof MemberFilter, string> = { search: 'q', status: 'status', offset: 'offset' }
  for (const [key, value] of Object.entries(change) as [keyof MemberFilter, string | number][]) {
    if (value === '' || value === 0) next.delete(names[key])
    else next.set(names[key], String(value))
  }
  return next
}

/** `GET /v1/users`'s parameters: newest first, a page of 25, the status and the search when set. */
export function memberListParams(filter: MemberFilter): { queries: string[]; search?: string } {
  const queries = [Query.orderDesc('$createdAt'), Query.limit(MEMBERS_PER_PAGE), Query.offset(filter.offset)]
  if (filter.status) queries.push(Query.equal('status', filter.status === 'active'))
  return filter.search ? { queries, search: filter.search } : { queries }
}
