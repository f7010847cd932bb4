import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { AppwriteError } from '../../platform/appwrite/errors'
import type { MailLanguage } from '../../mail/mail-language'
import type { Mailer } from '../../mail/mailer'
import type { StoreIdentityReader } from '../../mail/store-identity'
import type { RateLimiter, RateLimitRule } from '../../platform/security/rate-limits'
import { hashSecret, newId, newSecret } from '../../platform/security/secrets'
import { IP_FAILURE_RULE } from './account-service'
import { limitAccountEmailRequest, type AccountEmailCeiling } from './account-email-limits'
import { clientAddressKey } from '../../platform/security/client-address'
import { memberMailLanguage } from './member-mail-language'
import { signInEmail } from './sign-in-email'
import type { SessionRow } from './session-repository'
import type { TokenRepository } from './token-repository'
import type { UserRepository, UserRow } from './user-repository'

/** The two tokens of one emailed sign-in (issue 31): a link with a long secret and a 6-digit code. */
export const SIGN_IN_LINK_KIND = 'sign-in-link'
export const SIGN_IN_CODE_KIND = 'sign-in-code'
const SIGN_IN_KINDS = [SIGN_IN_LINK_KIND, SIGN_IN_CODE_KIND]
/** As Appwrite: a magic URL lives an hour, an email code 15 minutes. */
export const SIGN_IN_LINK_TTL_SECONDS = 3600
export const SIGN_IN_CODE_TTL_SECONDS = 900
/**
 * Wrong tries of one code (issue 40, L1), counted apart for the client address that asked for it (the
 * member, in the browser where they type it) and for every other address together, so strangers' wrong
 * tries never spend the member's own: a code ends only once both have run out. A member gets at most
 * 5 codes an hour (`ACCOUNT_EMAIL_RULE`), so at most 5 × (3 + 1) = 20 guesses an hour reach their codes,
 * one chance in 50,000.
 */
export const SIGN_IN_CODE_TRIES = { asker: 3, others: 1 } as const
type CodeSide = keyof typeof SIGN_IN_CODE_TRIES
const codeTriesRule = (side: CodeSide): RateLimitRule => ({
  name: `sign-in-code:${side}`,
  limit: SIGN_IN_CODE_TRIES[side],
  windowSeconds: SIGN_IN_CODE_TTL_SECONDS,
})
const otherSide = (side: CodeSide): CodeSide => (side === 'asker' ? 'others' : 'asker')

const CODE_PATTERN = /^\d{6}$/
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
const PHRASE_WORDS = [
  'ámbar',
  'brisa',
  'cedro',
  'delta',
  'eco',
  'faro',
  'glaciar',
  'halcón',
  'iris',
  'jade',
  'koala',
  'lince',
  'mango',
  'nube',
  'olivo',
  'puma',
  'quetzal',
  'río',
  'sauce',
  'tucán',
  'uva',
  'volcán',
]

/** The hash a code is kept as: with its token's id, so two members' equal codes never collide. */
const codeHash = (tokenId: string, code: string) => hashSecret(`${tokenId}:${code}`)

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The id an email that is no member's gets: made from the email with the store's own key, so it is the
 * same every time it is asked (as a member's real id is) and tells nothing about whether an account
 * exists (decision 063).
 */
function standInId(key: Buffer, email: string): string {
  const digest = createHmac('sha256', key).update(email.toLowerCase()).digest()
  let id = ''
  for (const byte of digest.subarray(0, 20)) id += ID_ALPHABET[byte % ID_ALPHABET.length]
  return id
}

interface Dependencies {
  users: UserRepository
  tokens: TokenRepository
  rateLimiter: RateLimiter
  mailer: Mailer
  /** The store's name as published when the email is composed. */
  storeIdentity: StoreIdentityReader
  /** The store's hourly ceiling on the emails visitors can make it send (issue 40). */
  ceiling: AccountEmailCeiling
  /** The store's key for stand-in ids (`readStoreKey`), read once. */
  standInKey: () => Promise<Buffer>
  /** The session a member gets once the link or code is right (the account service's). */
  createSessionFor: (
    user: UserRow,
    client: { ip: string; userAgent: string },
  ) => Promise<{ user: UserRow; session: SessionRow; secret: string }>
  /** The email is prepared and sent after the answer: its failures are reported here. */
  onMailError: (error: unknown) => void
  now?: () => Date
}

export type SignInTokenKind = 'link' | 'code'

export function createSignInTokenService({
  users,
  tokens,
  rateLimiter,
  mailer,
  storeIdentity,
  ceiling,
  standInKey,
  createSessionFor,
  onMailError,
  now = () => new Date(),
}: Dependencies) {
  /**
   * Ends the member's older sign-in tokens, keeps the new pair and sends them: after the answer. Past the
   * store's hourly ceiling nothing is made or ended, and nothing sent.
   */
  async function issue(
    user: UserRow,
    ids: { link: string; code: string },
    input: { url: URL; language: MailLanguage; phrase: string; at: Date; address: string },
  ) {
    if (!(await ceiling.admits())) return
    await tokens.endOutstandingOf(user.id, SIGN_IN_KINDS, input.at)
    const secret = newSecret()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await tokens.create({
      id: ids.link,
      createdAt: input.at,
      userId: user.id,
      kind: SIGN_IN_LINK_KIND,
      secretHash: hashSecret(secret),
      expiresAt: new Date(input.at.getTime() + SIGN_IN_LINK_TTL_SECONDS * 1000),
    })
    await tokens.create({
      id: ids.code,
      createdAt: input.at,
      userId: user.id,
      kind: SIGN_IN_CODE_KIND,
      secretHash: codeHash(ids.code, code),
      expiresAt: new Date(input.at.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000),
      requestedFrom: hashSecret(input.address),
    })
    const link = new URL(input.url)
    link.searchParams.set('userId', user.id)
    link.searchParams.set('secret', secret)
    const language = memberMailLanguage(user, input.language)
    const email = signInEmail({
      language,
      store: await storeIdentity(language),
      name: user.name,
      link: link.toString(),
      code,
      phrase: input.phrase,
    })
    await mailer.send({ to: user.email, ...email, link: link.toString() })
  }

  /**
   * Whether a code typed from `address` is right: each of the member's live codes counts the try against
   * the tries of its side (the address that asked for it, or everyone else) before the code is compared,
   * so tries sent at once cannot pass the bound. A code out of tries for this side answers as a wrong
   * one: "too many tries" would tell a stranger that the id is a member's who asked for a code.
   */
  async function tryCode(userId: string, code: string, address: string, at: Date): Promise<boolean> {
    const live = await tokens.live(userId, SIGN_IN_CODE_KIND, at)
    const from = hashSecret(address)
    const open: { token: (typeof live)[number]; side: CodeSide }[] = []
    for (const token of live) {
      const side: CodeSide = token.requestedFrom === from ? 'asker' : 'others'
      if (!(await rateLimiter.hit(codeTriesRule(side), token.id))) open.push({ token, side })
    }
    // The same work for an id without a live code (a stand-in's): its time tells nothing either.
    if (live.length === 0) await rateLimiter.hit(codeTriesRule('others'), `none ${userId}`)
    const match = open.find(({ token }) => sameHash(token.secretHash, codeHash(token.id, code)))
    if (match) return tokens.consumeById(match.token.id, at)
    // A code whose two sides have both run out of tries can never be used: it ends.
    for (const { token, side } of open) {
      const mine = await rateLimiter.peek(codeTriesRule(side), token.id)
      const theirs = await rateLimiter.peek(codeTriesRule(otherSide(side)), token.id)
      const spent = (tries: typeof mine, rule: CodeSide) => (tries?.hits ?? 0) >= SIGN_IN_CODE_TRIES[rule]
      if (spent(mine, side) && spent(theirs, otherSide(side))) await tokens.consumeById(token.id, at)
    }
    return false
  }

  /** Uses up the token the secret names; false when it is wrong, used, ended or expired. */
  async function consume(userId: string, secret: string, address: string, at: Date): Promise<boolean> {
    if (!CODE_PATTERN.test(secret)) {
      const link = await tokens.consume({
        userId,
        kind: SIGN_IN_LINK_KIND,
        secretHash: hashSecret(secret),
        now: at,
      })
      return link !== undefined
    }
    return tryCode(userId, secret, address, at)
  }

  return {
    /**
     * A link and a code by email (Appwrite's magic URL and email token in one message). The answer is
     * the same for every email: a member's id or a stand-in, the token's id and times made the same way,
     * and the tokens and the email made after the answer (decision 063).
     */
    async request(input: {
      email: string
      kind: SignInTokenKind
      url: URL
      phrase: boolean
      language: MailLanguage
      ip: string
    }) {
      await limitAccountEmailRequest(rateLimiter, input)
      const key = await standInKey()
      const user = await users.findByEmail(input.email)
      const userId = user ? user.id : standInId(key, input.email)
      const at = now()
      const ids = { link: newId(), code: newId() }
      const phrase = input.phrase
        ? `${PHRASE_WORDS[randomInt(PHRASE_WORDS.length)]} ${PHRASE_WORDS[randomInt(PHRASE_WORDS.length)]}`
        : ''
      if (user?.enabled)
        void issue(user, ids, {
          url: input.url,
          language: input.language,
          phrase,
          at,
          address: clientAddressKey(input.ip),
        }).catch(onMailError)
      const ttl = input.kind === 'link' ? SIGN_IN_LINK_TTL_SECONDS : SIGN_IN_CODE_TTL_SECONDS
      return {
        $id: input.kind === 'link' ? ids.link : ids.code,
        $createdAt: toAppwriteDate(at),
        userId,
        secret: '',
        expire: toAppwriteDate(new Date(at.getTime() + ttl * 1000)),
        phrase,
      }
    },

    /**
     * A session for the link's secret or the code. Every try counts against the address's failed
     * sign-ins (as a password does) and a code's against that code's tries from its side; a success
     * takes the address's count back and ends the member's other sign-in token.
     */
    async createSession(input: { userId: string; secret: string; ip: string; userAgent: string }) {
      const address = clientAddressKey(input.ip)
      const limited = await rateLimiter.hit(IP_FAILURE_RULE, address)
      if (limited) throw limited
      const at = now()
      if (!(await consume(input.userId, input.secret, address, at)))
        throw new AppwriteError('user_invalid_token')
      const user = await users.findById(input.userId)
      if (!user) throw new AppwriteError('user_invalid_token')
      await tokens.endOutstandingOf(user.id, SIGN_IN_KINDS, at)
      await rateLimiter.undo(IP_FAILURE_RULE, address)
      return createSessionFor(user, input)
    },
  }
}

export type SignInTokenService = ReturnType<typeof createSignInTokenService>
