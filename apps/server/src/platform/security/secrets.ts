import { hash, randomBytes } from 'node:crypto'

/** 256 random bits, hex encoded. */
export const newSecret = () => randomBytes(32).toString('hex')

/** Node's one-shot hash: checked on every signed-in request, it costs a third of createHash's chain. */
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex')

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A 20-character Appwrite-style id (Appwrite's ID.unique() is 20 hex characters). */
export function newId(): string {
  const bytes = randomBytes(20)
  let id = ''
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length]
  return id
}

/** A readable random password for a person to type: 4 groups of 5 characters, about 100 bits. */
export function newReadablePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const characters = [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length])
  return [0, 5, 10, 15].map((start) => characters.slice(start, start + 5).join('')).join('-')
}
