import { MAIL_LANGUAGES, type MailLanguage } from '../../mail/mail-language'
import type { UserRow } from './user-repository'

const isMailLanguage = (value: unknown): value is MailLanguage =>
  (MAIL_LANGUAGES as readonly unknown[]).includes(value)

/**
 * The language a member's emails are written in: the one they chose in "My account" (`prefs.emailLanguage`,
 * issue 31), else the one the request asked in.
 */
export function memberMailLanguage(user: Pick<UserRow, 'prefs'>, asked: MailLanguage): MailLanguage {
  const chosen = user.prefs.emailLanguage
  return isMailLanguage(chosen) ? chosen : asked
}
