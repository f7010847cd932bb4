import type { AuditEvent } from '../platform/audit/audit-log'
import type { AdminRequest } from './admin-request'

/** What is never kept in the log: passwords and the contents of files. */
const SECRET_OR_BULKY = new Set(['password', 'content', 'command', 'json'])

const withoutPasswords = (report: string) =>
  report
    .split('\n')
    .map((line) => (/password/i.test(line) && /:\s*\S/.test(line) ? '[a password, not kept]' : line))
    .join('\n')

/**
 * The audit event of an admin command that changed something (decision 037), or null for one that only
 * reads (lists, exports, dry runs) or replaces the database itself (`db restore`, `db migrate`).
 */
export function commandAuditEvent(request: AdminRequest, stdout: string): AuditEvent | null {
  const details = Object.fromEntries(Object.entries(request).filter(([key]) => !SECRET_OR_BULKY.has(key)))
  const event = (subject: string): AuditEvent => ({
    action: request.command,
    subject,
    // The command's own report (what it created, updated…), without a line that shows a password.
    after: { ...details, report: withoutPasswords(stdout).slice(0, 4000) },
  })
  switch (request.command) {
    case 'users create':
    case 'users label':
    case 'users disable':
    case 'users enable':
    case 'users delete':
    case 'users set-password':
    case 'users sessions revoke':
    case 'users mfa reset':
    case 'users invite':
    case 'orders grant':
      return event(`users/${request.email}`)
    case 'users import':
      return event(request.fileName)
    case 'users inactive':
      return request.block && !request.dryRun ? event('users') : null
    case 'orders grant-ignored':
    case 'orders refund':
      return event(`orders/${request.id}`)
    case 'catalog import':
      return request.dryRun ? null : event(request.fileName)
    case 'demo seed':
      return event('catalog')
    case 'settings set':
    case 'settings unset':
      return event(`settings/${request.key}`)
    // Audited by the import itself, as `storefront.import`, in the transaction that publishes it.
    case 'storefront import':
      return null
    case 'analytics campaigns add':
    case 'analytics campaigns remove':
      return event(`analytics-campaigns/${request.campaign}`)
    default:
      return null
  }
}
