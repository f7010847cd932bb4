import type { Database } from '../platform/db/client'
import { emailQueue } from '../platform/db/schema'
import { newId } from '../platform/security/secrets'
import type { MailLanguage } from './mail-language'

/**
 * The emails the queue sends: `welcome` (a buyer new to the store: their purchase and a link to choose
 * a password), `purchase` (a member who bought again), `inactivity-warning` (blocked in 30 days),
 * `news` (the weekly "what's new": the projects added that week, issue 32).
 */
export const QUEUED_EMAIL_KINDS = ['welcome', 'purchase', 'inactivity-warning', 'news'] as const
export type QueuedEmailKind = (typeof QUEUED_EMAIL_KINDS)[number]

/**
 * Queues an email in the caller's transaction: it exists exactly when what caused it was committed. The
 * message itself (and any link's secret) is composed when it is sent.
 */
export async function enqueueEmail(
  db: Database,
  email: { kind: QueuedEmailKind; userId: string; orderId?: string; language: MailLanguage },
): Promise<string> {
  const id = newId()
  await db.insert(emailQueue).values({ id, ...email })
  return id
}
