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

/** A member the queue writes to, as it needs to know them when it sends. */
export interface EmailRecipient {
  id: string
  email: string
  name: string
  /** False or blocked: their access ended, and nothing more is sent to them. */
  enabled: boolean
  blocked: boolean
  accessedAt: Date
}

/**
 * Who the queue writes to, found when each email is sent. `members/account` provides it
 * (`createEmailRecipients`): the mail wing knows no member's table or token.
 */
export interface EmailRecipients {
  find(userId: string): Promise<EmailRecipient | null>
  /** A new invitation to choose a password (a welcome's link), issued as the email is sent. */
  invitationLink(recipient: EmailRecipient, options: { webOrigin: string; now: Date }): Promise<string>
}

interface Dependencies {
  recipients: EmailRecipients
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
  { recipients, queue, origin, supportEmail, now }: Dependencies,
): Promise<{ message: MailMessage } | { skip: string }> {
  const user = await recipients.find(email.userId)
  if (!user) return { skip: 'not sent: the member no longer exists' }
  // A refund, a dispute or the owner ended their access after the email was queued.
  if (!user.enabled || user.blocked) return { skip: 'not sent: the member has no access' }
  const language = MAIL_LANGUAGES.find((one) => one === email.language) ?? 'es'
  const common = { language, name: user.name, origin, supportEmail }

  if (email.kind === 'inactivity-warning') {
    if (user.accessedAt > email.createdAt) return { skip: 'not sent: the member signed in since' }
    return { message: { to: user.email, ...inactivityWarningEmail(common) } }
  }
  const product = email.orderId ? ((await queue.findOrder(email.orderId))?.product ?? '') : ''
  if (email.kind === 'purchase')
    return { message: { to: user.email, ...purchaseEmail({ ...common, product }) } }
  const link = await recipients.invitationLink(user, { webOrigin: origin, now })
  return { message: { to: user.email, ...welcomeEmail({ ...common, product, passwordLink: link }), link } }
}
