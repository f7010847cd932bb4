import { said } from '../../platform/error-messages/error-message'
import { clientAddressKey } from '../../platform/security/client-address'
import type { RateLimiter, RateLimitRule } from '../../platform/security/rate-limits'

/**
 * The emails a visitor can make the store send: a sign-in link with its code, and a recovery link
 * (issue 40, finding M1 and L4). Three bounds, each counted before the work it guards:
 * - from one client address (an IPv6 address by its /64), every such request together: one client
 *   cannot walk the members' emails to make the store send an email to each;
 * - to one email address, sign-in and recovery together: one visitor cannot fill a member's inbox;
 * - for the whole store, the emails really sent in an hour: past it, requests are answered as usual
 *   and nothing is sent, and the owner's console says so (`accountEmailCeiling`).
 * The first two answer 429 for any email, a member's or not, so they tell nothing about accounts.
 */
export const ACCOUNT_EMAIL_ADDRESS_RULE: RateLimitRule = {
  name: 'account-email:address',
  limit: 10,
  windowSeconds: 3600,
  message: (wait) => said('accountEmailsFromAddress', wait),
}
export const ACCOUNT_EMAIL_RULE: RateLimitRule = {
  name: 'account-email:email',
  limit: 5,
  windowSeconds: 3600,
  message: (wait) => said('accountEmailsToEmail', wait),
}
/** The store's ceiling: its limit is the owner's (`ACCOUNT_EMAILS_PER_HOUR`). */
const STORE_RULE_NAME = 'account-email:store'
/** Emails held back by the ceiling, counted over a day so the console can tell the owner later. */
const HELD_RULE: RateLimitRule = {
  name: 'account-email:held',
  limit: Number.MAX_SAFE_INTEGER,
  windowSeconds: 86_400,
}
const STORE = 'all'

/** The 429 to answer, if a request for such an email from this client to this email is one too many. */
export async function limitAccountEmailRequest(
  rateLimiter: RateLimiter,
  request: { email: string; ip: string },
): Promise<void> {
  // The address first: a request it refuses counts against no member's email.
  const byAddress = await rateLimiter.hit(ACCOUNT_EMAIL_ADDRESS_RULE, clientAddressKey(request.ip))
  if (byAddress) throw byAddress
  const byEmail = await rateLimiter.hit(ACCOUNT_EMAIL_RULE, request.email.toLowerCase())
  if (byEmail) throw byEmail
}

export interface AccountEmailCeiling {
  /** Counts an email about to be sent; false when the store's hour is full (it is then held back). */
  admits(): Promise<boolean>
  /** What the console says: the ceiling, and the emails held back in the last day, since when. */
  state(): Promise<{ perHour: number; held: number; heldSince: Date | null }>
}

export function createAccountEmailCeiling(options: {
  rateLimiter: RateLimiter
  perHour: number
  /** The first email held back in a day: the owner hears of it in the log too. */
  onFirstHeld: (perHour: number) => void
}): AccountEmailCeiling {
  const { rateLimiter, perHour } = options
  const rule: RateLimitRule = { name: STORE_RULE_NAME, limit: perHour, windowSeconds: 3600 }
  return {
    async admits() {
      if (!(await rateLimiter.hit(rule, STORE))) return true
      await rateLimiter.hit(HELD_RULE, STORE)
      const held = await rateLimiter.peek(HELD_RULE, STORE)
      if (held?.hits === 1) options.onFirstHeld(perHour)
      return false
    },
    async state() {
      const held = await rateLimiter.peek(HELD_RULE, STORE)
      return { perHour, held: held?.hits ?? 0, heldSince: held?.windowStart ?? null }
    },
  }
}
