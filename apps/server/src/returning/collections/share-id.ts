import { randomBytes } from 'node:crypto'

/** Appwrite's id alphabet without its punctuation, so a share id is a document id the SDK takes. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** 32 characters of 62: about 190 random bits (issue 40 asks for at least 128), within an id's 36. */
const LENGTH = 32
/** Bytes from 248 on would favour the first 8 characters: they are drawn again. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length)

/**
 * A shared collection's link (decision 070): unguessable, from the operating system's strong random
 * source, each character uniform over the alphabet.
 */
export function newShareId(): string {
  let id = ''
  while (id.length < LENGTH)
    for (const byte of randomBytes(LENGTH))
      if (byte < UNBIASED_BELOW && id.length < LENGTH) id += ALPHABET.charAt(byte % ALPHABET.length)
  return id
}
