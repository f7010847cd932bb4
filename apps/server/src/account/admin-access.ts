import { ADMIN_LABEL } from '@pg/shared/account'
import type { Member } from './account-service'

/** Who may use the owner's console and its routes (`admin` access): members with the admin label. */
export const isAdmin = (member: Member) => member.user.labels.includes(ADMIN_LABEL)
