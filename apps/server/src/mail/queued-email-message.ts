import { issueInvitationLink } from '../members/account/password-link'
import type { TokenRepository } from '../members/account/token-repository'
import type { UserRepository } from '../members/account/user-repository'
import type { QueuedEmailKind } from './email-queue'
import type { EmailQueueRepository } from './email-queue-repository'
import { inactivityWarningEmail } from './inactivity-warning-email'
import { MAIL_LANGUAGES } from './mail-language'
import type { MailMessage } from './mailer'
import { purchaseEmail } from './purchase-email'
import { welcomeEmail } from './welcome-email'

/** A claimed row of the queue, as the sender composes it. */
export interface QueuedEmail {
  id: string
  kind: QueuedEmailKind
  userId: string
  orderId: string | null
  language: string
  createdAt: Date
}

interface Dependencies {
  users: UserRepository
  tokens: TokenRepository
  queue: EmailQueueRepository
  /** The store's origin: every email links to it. */
  origin: string
  supportEmail: string
  now: Date
}

/**
 * The message for a queued email, composed when it is sent from what is true then, or why it is no
 * longer to be sent. A welcome issues its invitation here: the link's secret is never stored.
 */
export async function composeQueuedEmail(
  email: QueuedEmail,
  { users, tokens, queue, origin, supportEmail, now }: Dependencies,
): Promise<{ message: MailMessage } | { skip: string }> {
  const user = await users.findById(email.userId)
  if (!user) return { skip: 'not sent: the member no longer exists' }
  // A refund, a dispute or the owner ended their access after the email was queued.
  if (!user.enabled || user.blockedReason) return { skip: 'not sent: the member has no access' }
  const language = MAIL_LANGUAGES.find((one) => one === email.language) ?? 'es'
  const common = { language, name: user.name, origin, supportEmail }

  if (email.kind === 'inactivity-warning') {
    if (user.accessedAt > email.createdAt) return { skip: 'not sent: the member signed in since' }
    return { message: { to: user.email, ...inactivityWarningEmail(common) } }
  }
  const product = email.orderId ? ((await queue.findOrder(email.orderId))?.product ?? '') : ''
  if (email.kind === 'purchase')
    return { message: { to: user.email, ...purchaseEmail({ ...common, product }) } }
  const { link } = await issueInvitationLink(tokens, user, { webOrigin: origin, now })
  return { message: { to: user.email, ...welcomeEmail({ ...common, product, passwordLink: link }), link } }
}
