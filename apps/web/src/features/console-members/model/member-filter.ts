import { Query } from 'appwrite'
import { readChoice, readOffset, writeFilter } from '../../../lib/console/filter-address'

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
  return {
    search: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    status: readChoice(MEMBER_STATUSES, params.get('status')),
    offset: readOffset(params.get('offset')),
  }
}

export const writeMemberFilter = (old: URLSearchParams, change: Partial<MemberFilter>) =>
  writeFilter<MemberFilter>(old, change, { search: 'q' })

/** `GET /v1/users`'s parameters: newest first, a page of 25, the status and the search when set. */
export function memberListParams(filter: MemberFilter): { queries: string[]; search?: string } {
  const queries = [Query.orderDesc('$createdAt'), Query.limit(MEMBERS_PER_PAGE), Query.offset(filter.offset)]
  if (filter.status) queries.push(Query.equal('status', filter.status === 'active'))
  return filter.search ? { queries, search: filter.search } : { queries }
}
