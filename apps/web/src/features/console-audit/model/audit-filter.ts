import { Query } from 'appwrite'
import { readChoice, readDay, readOffset, writeFilter } from '../../../lib/console/filter-address'
import { AUDIT_SOURCES, isAuditAction, type AuditAction, type AuditSource } from './audit-actions'

export const EVENTS_PER_PAGE = 25

/** The audit page's filters and page, kept in the address. */
export interface AuditFilter {
  action: AuditAction | ''
  source: AuditSource | ''
  /** The admin's email, or `cli`: matched exactly, as the server compares it. */
  actor: string
  /** What changed, exactly as recorded: `projects/…`, `users/…`, `orders/…`, a file name. */
  subject: string
  /** Days as YYYY-MM-DD, UTC, both included. */
  from: string
  to: string
  offset: number
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)

export function readAuditFilter(params: URLSearchParams): AuditFilter {
  const action = params.get('action') ?? ''
  return {
    action: isAuditAction(action) ? action : '',
    source: readChoice(AUDIT_SOURCES, params.get('source')),
    actor: (params.get('actor') ?? '').trim(),
    subject: (params.get('subject') ?? '').trim(),
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
    offset: readOffset(params.get('offset')),
  }
}

export const writeAuditFilter = (old: URLSearchParams, change: Partial<AuditFilter>) =>
  writeFilter<AuditFilter>(old, change)

/** The server's queries (decision 037): `equal` on each field set, the days on `$createdAt`. */
export function auditQueries(filter: AuditFilter): string[] {
  const queries: string[] = []
  if (filter.action) queries.push(Query.equal('action', filter.action))
  if (filter.source) queries.push(Query.equal('source', filter.source))
  if (filter.actor) queries.push(Query.equal('actor', filter.actor))
  if (filter.subject) queries.push(Query.equal('subject', filter.subject))
  if (filter.from) queries.push(Query.greaterThanEqual('$createdAt', dayStart(filter.from).toISOString()))
  if (filter.to) {
    const end = dayStart(filter.to)
    end.setUTCDate(end.getUTCDate() + 1)
    queries.push(Query.lessThan('$createdAt', end.toISOString()))
  }
  queries.push(Query.limit(EVENTS_PER_PAGE), Query.offset(filter.offset))
  return queries
}
