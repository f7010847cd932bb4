import type { BlockedReason } from '@pg/shared/purchase'
import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'

const messages = {
  refunded: said('blockedRefunded'),
  disputed: said('blockedDisputed'),
  inactive: said('blockedInactive'),
} satisfies Record<BlockedReason, unknown>

/**
 * Appwrite's `user_blocked`, with the reason beside its four fields so the login page can say why
 * (the SDK keeps the whole body in `AppwriteException.response`). A disabled member gets no reason.
 */
export const blockedError = (reason: BlockedReason | null) =>
  reason === null
    ? new AppwriteError('user_blocked')
    : new AppwriteError('user_blocked', messages[reason], {}, { reason })
