import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import type { MailLanguage } from '../../mail/mail-language'
import type { Mailer } from '../../mail/mailer'
import type { RateLimiter, RateLimitRule } from '../../platform/security/rate-limits'
import { hashSecret, newId, newSecret } from '../../platform/security/secrets'
import { IP_FAILURE_RULE } from './account-service'
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
/** Appwrite's limit for the token routes: 10 an hour per email. */
export const SIGN_IN_REQUEST_RULE: RateLimitRule = {
  name: 'sign-in-token:email',
  limit: 10,
  windowSeconds: 3600,
}
/**
 * Tries of a code for one member, all their codes together: a sixth within 15 minutes ends the code
 * they hold, so one 6-digit code is tried at most 5 times (with 10 requests an hour, at most 50
 * guesses in an hour: one chance in 20,000).
 */
export const SIGN_IN_CODE_RULE: RateLimitRule = { name: 'sign-in-code:user', limit: 5, windowSeconds: 900 }

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
  standInKey,
  createSessionFor,
  onMailError,
  now = () => new Date(),
}: Dependencies) {
  /** Ends the member's older sign-in tokens, keeps the new pair and sends them: after the answer. */
  async function issue(
    user: UserRow,
    ids: { link: string; code: string },
    input: { url: URL; language: MailLanguage; phrase: string; at: Date },
  ) {
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
    })
    const link = new URL(input.url)
    link.searchParams.set('userId', user.id)
    link.searchParams.set('secret', secret)
    const email = signInEmail({
      language: memberMailLanguage(user, input.language),
      name: user.name,
      link: link.toString(),
      code,
      phrase: input.phrase,
    })
    await mailer.send({ to: user.email, ...email, link: link.toString() })
  }

  /** Uses up the token the secret names; false when it is wrong, used, ended or expired. */
  async function consume(userId: string, secret: string, at: Date): Promise<boolean> {
    if (!CODE_PATTERN.test(secret)) {
      const link = await tokens.consume({
        userId,
        kind: SIGN_IN_LINK_KIND,
        secretHash: hashSecret(secret),
        now: at,
      })
      return link !== undefined
    }
    const live = await tokens.live(userId, SIGN_IN_CODE_KIND, at)
    const match = live.find((token) => sameHash(token.secretHash, codeHash(token.id, secret)))
    return match !== undefined && (await tokens.consumeById(match.id, at))
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
    }) {
      const limited = await rateLimiter.hit(SIGN_IN_REQUEST_RULE, input.email.toLowerCase())
      if (limited) throw limited
      const key = await standInKey()
      const user = await users.findByEmail(input.email)
      const userId = user ? user.id : standInId(key, input.email)
      const at = now()
      const ids = { link: newId(), code: newId() }
      const phrase = input.phrase
        ? `${PHRASE_WORDS[randomInt(PHRASE_WORDS.length)]} ${PHRASE_WORDS[randomInt(PHRASE_WORDS.length)]}`
        : ''
      if (user?.enabled)
        void issue(user, ids, { url: input.url, language: input.language, phrase, at }).catch(onMailError)
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
     * sign-ins (as a password does) and a code's against the member's wrong codes; a success takes
     * the address's count back and ends the member's other sign-in token.
     */
    async createSession(input: { userId: string; secret: string; ip: string; userAgent: string }) {
      const limited = await rateLimiter.hit(IP_FAILURE_RULE, input.ip)
      if (limited) throw limited
      const at = now()
      if (CODE_PATTERN.test(input.secret)) {
        const tooMany = await rateLimiter.hit(SIGN_IN_CODE_RULE, input.userId)
        if (tooMany) {
          await tokens.endOutstandingOf(input.userId, [SIGN_IN_CODE_KIND], at)
          throw new AppwriteError('user_invalid_token', said('signInCodeLocked'))
        }
      }
      if (!(await consume(input.userId, input.secret, at))) throw new AppwriteError('user_invalid_token')
      const user = await users.findById(input.userId)
      if (!user) throw new AppwriteError('user_invalid_token')
      await tokens.endOutstandingOf(user.id, SIGN_IN_KINDS, at)
      await rateLimiter.undo(IP_FAILURE_RULE, input.ip)
      await rateLimiter.reset(SIGN_IN_CODE_RULE, user.id)
      return createSessionFor(user, input)
    },
  }
}

export type SignInTokenService = ReturnType<typeof createSignInTokenService>
