import { randomBytes } from 'node:crypto'
import { hashSecret } from '../security/secrets'

/** Appwrite's form of a key's secret: `standard_` and 128 hex characters (512 random bits). */
export const API_KEY_PREFIX = 'standard_'

export const newApiKeySecret = () => `${API_KEY_PREFIX}${randomBytes(64).toString('hex')}`

/** What the store keeps of a secret: its SHA-256 (the secret is random, a slow hash adds nothing). */
export const apiKeyHash = (secret: string) => hashSecret(secret)

/** The secret's first characters, shown beside the key's name. */
export const apiKeyHint = (secret: string) => secret.slice(0, API_KEY_PREFIX.length + 8)

/** A header value that could be a key's secret at all: anything else is refused without a lookup. */
export const isApiKeyForm = (value: string) => /^standard_[0-9a-f]{128}$/.test(value)
