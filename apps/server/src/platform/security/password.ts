import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
// 2 is Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
const CURRENT_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$'

export const hashPassword = (password: string) => hash(password, PARAMETERS)

/** Verifies any argon2 (i, d, id) PHC string; anything else, or a malformed hash, is simply a mismatch. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  if (!/^\$argon2(id|i|d)\$/.test(phc)) return false
  try {
    return await verify(phc, password)
  } catch {
    return false
  }
}

/** Hashes imported with other parameters are upgraded on the member's next sign-in. */
export const needsRehash = (phc: string) => !phc.startsWith(CURRENT_PREFIX)

let decoy: Promise<string> | undefined

/** Computed once, ahead of the first sign-in, so the first unknown email is not slower than the rest. */
export function prepareDecoy(): Promise<string> {
  decoy ??= hashPassword('decoy password that never matches')
  return decoy
}

/** Spends the same work as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyDecoy(password: string): Promise<void> {
  await verifyPassword(await prepareDecoy(), password)
}

let unknowable: Promise<string> | undefined

/**
 * The password of a member who has not chosen one (invited, or created by a purchase): the hash of a
 * secret thrown away at once, computed once per process (argon2 per buyer would make imports and webhook
 * bursts slow) and still a real argon2 hash, so signing in with it costs the same as with any other.
 */
export function unknowablePasswordHash(): Promise<string> {
  unknowable ??= hashPassword(randomBytes(32).toString('hex'))
  return unknowable
}
