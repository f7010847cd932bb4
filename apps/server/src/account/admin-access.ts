import { ADMIN_LABEL } from '@pg/shared/account'
import type { AuditActor } from '../audit/audit-log'
import type { Member } from './account-service'

/** Who may use the owner's console and its routes (`admin` access): members with the admin label. */
export const isAdmin = (member: Member) => member.user.labels.includes(ADMIN_LABEL)

/** The admin as the audit log names them. */
export const consoleActor = (member: Member): AuditActor => ({
  source: 'console',
  id: member.user.id,
  email: member.user.email,
})
