import { ADMIN_LABEL } from '@pg/shared/account'
import type { UserRepository, UserRow } from '../account/user-repository'

/**
 * Who owns the store (issue 28, item 10, decision 058): the member `OWNER_EMAIL` names, else (unset, or
 * no member has that email yet) the first admin, the member with the admin label who joined first (the
 * lowest `sequence`, the order members were created in). Through the console and the API nobody can take
 * the owner's admin label, disable or delete them; the CLI on the store's machine still can.
 */
export interface StoreOwner {
  user: UserRow
  /** `configured`: OWNER_EMAIL names them; `first_admin`: the oldest member holding the admin label. */
  source: 'configured' | 'first_admin'
}

export function createStoreOwnerReader(users: UserRepository, ownerEmail: string | undefined) {
  return {
    /** Read when asked (a few console actions), never kept: labels change from the CLI too. */
    async find(): Promise<StoreOwner | null> {
      const configured = ownerEmail === undefined ? undefined : await users.findByEmail(ownerEmail)
      if (configured) return { user: configured, source: 'configured' }
      const first = await users.firstWithLabel(ADMIN_LABEL)
      return first ? { user: first, source: 'first_admin' } : null
    },
  }
}

export type StoreOwnerReader = ReturnType<typeof createStoreOwnerReader>
