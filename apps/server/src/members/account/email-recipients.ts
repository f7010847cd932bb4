import type { EmailRecipients } from '../../mail/queued-email-message'
import type { MemberRepositories } from './member-repositories'
import { issueInvitationLink } from './password-link'

/** The members the email queue writes to, read when each email is sent (mail/queued-email-message.ts). */
export function createEmailRecipients({
  users,
  tokens,
}: Pick<MemberRepositories, 'users' | 'tokens'>): EmailRecipients {
  return {
    async find(userId) {
      const user = await users.findById(userId)
      if (!user) return null
      const { id, email, name, enabled, accessedAt } = user
      return {
        id,
        email,
        name,
        enabled,
        blocked: user.blockedReason !== null,
        accessedAt,
        wantsNews: user.prefs.newsEmail !== false,
      }
    },
    async invitationLink(recipient, options) {
      return (await issueInvitationLink(tokens, recipient, options)).link
    },
  }
}
