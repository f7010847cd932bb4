import { ADMIN_LABEL } from '@pg/shared/constants'
import type { Member } from './api/get-account'

/** Members with the admin label may open the owner's console (issue 13); the server checks it again. */
export const isAdmin = (member: Member | null): boolean => member?.labels.includes(ADMIN_LABEL) ?? false
