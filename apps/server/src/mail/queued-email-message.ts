import type { QueuedEmailKind } from './email-queue'
import type { EmailQueueRepository } from './email-queue-repository'
import { inactivityWarningEmail } from './inactivity-warning-email'
import { MAIL_LANGUAGES } from './mail-language'
import type { MailMessage } from './mailer'
import { NEWS_EMAIL_PROJECTS, newsEmail, type WeeklyNews } from './news-email'
import { purchaseEmail } from './purchase-email'
import type { StoreIdentityReader } from './store-identity'
import { welcomeEmail } from './welcome-email'

/** A claimed row of the queue, as the sender composes it. */
export interface QueuedEmail {
  id: string
  kind: QueuedEmailKind
  userId: string
  orderId: string | null
  /** The week a `news` email lists (`news_emails`). */
  newsEmailId: string | null
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
  /** Whether they still want the weekly "what's new" email (`prefs.newsEmail` is not false). */
  wantsNews: boolean
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
  /** The store's name and support address as published now: a publish changes the next email. */
  storeIdentity: StoreIdentityReader
  now: Date
  /** The weekly email's projects and unsubscribe link (returning/news); without it a `news` email fails. */
  news?: WeeklyNews
}

/**
 * The message for a queued email, composed when it is sent from what is true then, or why it is no
 * longer to be sent. A welcome issues its invitation here: the link's secret is never stored.
 */
export async function composeQueuedEmail(
  email: QueuedEmail,
  { recipients, queue, origin, storeIdentity, now, news }: Dependencies,
): Promise<{ message: MailMessage } | { skip: string }> {
  const user = await recipients.find(email.userId)
  if (!user) return { skip: 'not sent: the member no longer exists' }
  // A refund, a dispute or the owner ended their access after the email was queued.
  if (!user.enabled || user.blocked) return { skip: 'not sent: the member has no access' }
  const language = MAIL_LANGUAGES.find((one) => one === email.language) ?? 'es'
  const common = { language, name: user.name, origin, store: await storeIdentity(language) }

  if (email.kind === 'inactivity-warning') {
    if (user.accessedAt > email.createdAt) return { skip: 'not sent: the member signed in since' }
    return { message: { to: user.email, ...inactivityWarningEmail(common) } }
  }
  if (email.kind === 'news') {
    if (!news || !email.newsEmailId) throw new Error('A news email needs its week and the weekly news')
    // They turned it off (in "My account" or by the email's own link) after it was queued.
    if (!user.wantsNews) return { skip: 'not sent: the member turned the weekly email off' }
    const week = await news.projectsOf(email.newsEmailId, NEWS_EMAIL_PROJECTS)
    if (!week || week.total === 0) return { skip: 'not sent: the week’s projects are gone' }
    const unsubscribeLink = await news.unsubscribeLink(user.id, origin)
    return {
      message: {
        to: user.email,
        ...newsEmail({ ...common, ...week, unsubscribeLink }),
        // RFC 8058: mail providers offer their own "unsubscribe" button, which POSTs to the link.
        headers: {
          'List-Unsubscribe': `<${unsubscribeLink}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    }
  }
  const product = email.orderId ? ((await queue.findOrder(email.orderId))?.product ?? '') : ''
  if (email.kind === 'purchase')
    return { message: { to: user.email, ...purchaseEmail({ ...common, product }) } }
  const link = await recipients.invitationLink(user, { webOrigin: origin, now })
  return { message: { to: user.email, ...welcomeEmail({ ...common, product, passwordLink: link }), link } }
}
