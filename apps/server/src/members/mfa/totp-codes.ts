import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as authenticator apps read it: SHA-1, 6 digits, 30 s steps. */
const PERIOD_SECONDS = 30

/** A new secret (160 random bits) and the `otpauth://` URI an app scans, labelled with the store and the email. */
export function newAuthenticator(issuer: string, email: string): { secret: string; uri: string } {
  const totp = new TOTP({ issuer, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS })
  totp.secret = new Secret({ size: 20 })
  return { secret: totp.secret.base32, uri: totp.toString() }
}

/**
 * The time step a code belongs to, when it is right for the secret within ±1 step of `now` (a phone's
 * clock a little off, a code typed as it changes), else null. otpauth compares in constant time.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  })
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta
}

/** The code of a step (tests and the contract tests make codes as an app would). */
export function codeAt(secret: string, at: Date): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  }).generate({
    timestamp: at.getTime(),
  })
}
