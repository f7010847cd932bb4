import type { EmailRecipients } from '../../mail/queued-email-message'
import type { Database } from '../../platform/db/client'
import { issueInvitationLink } from './password-link'
import { createTokenRepository } from './token-repository'
import { createUserRepository } from './user-repository'

/** The members the email queue writes to, read when each email is sent (mail/queued-email-message.ts). */
export function createEmailRecipients(db: Database): EmailRecipients {
  const users = createUserRepository(db)
  const tokens = createTokenRepository(db)
  return {
    async find(userId) {
      const user = await users.findById(userId)
      if (!user) return null
      const { id, email, name, enabled, accessedAt } = user
      return { id, email, name, enabled, blocked: user.blockedReason !== null, accessedAt }
    },
    async invitationLink(recipient, options) {
      return (await issueInvitationLink(tokens, recipient, options)).link
    },
  }
}
