import type { BlockedReason } from '@pg/shared/purchase'
import { AppwriteError } from '../appwrite/errors'

const messages: Record<BlockedReason, string> = {
  refunded: 'The purchase of this account was refunded, so its access has ended. Contact support for help.',
  disputed: 'The payment of this account is disputed, so its access is paused. Contact support for help.',
  inactive: 'This account was blocked after a year without activity. Contact support to reactivate it.',
}

/**
 * Appwrite's `user_blocked`, with the reason beside its four fields so the login page can say why
 * (the SDK keeps the whole body in `AppwriteException.response`). A disabled member gets no reason.
 */
export const blockedError = (reason: BlockedReason | null) =>
  reason === null
    ? new AppwriteError('user_blocked')
    : new AppwriteError('user_blocked', messages[reason], {}, { reason })
