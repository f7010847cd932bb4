import { createCipheriv, randomBytes, scrypt } from 'node:crypto'
import {
  Decrypter,
  Encrypter,
  identityToRecipient,
  Stanza,
  type ReadableStreamWithSize,
  type Recipient,
} from 'age-encryption'

/**
 * The scrypt work factor of a passphrase (2^15: 32 MB and a fraction of a second, off the event loop).
 * age's own default, 2^18, needs 256 MB: more than the store may take while it serves (decision 074).
 */
export const SCRYPT_LOG_N = 15

/** Why a backup cannot be encrypted or decrypted with the key the store has. */
export class BackupKeyError extends Error {}

/**
 * age's scrypt recipient (age-encryption.org/v1, "scrypt" stanza), its key derived by Node's scrypt on
 * libuv's threads instead of on the event loop; age-encryption's own ScryptIdentity (and the age tool)
 * decrypt it like any passphrase-encrypted file.
 */
class PassphraseRecipient implements Recipient {
  constructor(private readonly passphrase: string) {}

  async wrapFileKey(fileKey: Uint8Array): Promise<Stanza[]> {
    const salt = randomBytes(16)
    const label = Buffer.concat([Buffer.from('age-encryption.org/v1/scrypt'), salt])
    const N = 2 ** SCRYPT_LOG_N
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(this.passphrase, label, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (error, derived) =>
        error ? reject(error) : resolve(derived),
      ),
    )
    const cipher = createCipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 })
    const body = Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()])
    return [new Stanza(['scrypt', salt.toString('base64').replace(/=+$/, ''), String(SCRYPT_LOG_N)], body)]
  }
}

/**
 * BACKUP_PASSPHRASE as age uses it: a passphrase (scrypt), an age recipient `age1…` (the store can
 * encrypt, not decrypt: the owner keeps the identity elsewhere) or an age identity `AGE-SECRET-KEY-1…`
 * (encrypts to its own recipient, decrypts).
 */
export interface BackupKey {
  kind: 'passphrase' | 'recipient' | 'identity'
  /** The encrypted stream, which knows its size from the plain one's (`size`). */
  encrypt: (plain: ReadableStream<Uint8Array>) => Promise<ReadableStreamWithSize>
  decrypt: (sealed: ReadableStream<Uint8Array>) => Promise<ReadableStream<Uint8Array>>
}

export function backupKey(setting: string): BackupKey {
  const kind = setting.startsWith('age1')
    ? 'recipient'
    : setting.startsWith('AGE-SECRET-KEY-1')
      ? 'identity'
      : 'passphrase'
  return {
    kind,
    encrypt: async (plain) => {
      const encrypter = new Encrypter()
      if (kind === 'passphrase') encrypter.addRecipient(new PassphraseRecipient(setting))
      else encrypter.addRecipient(kind === 'identity' ? await identityToRecipient(setting) : setting)
      return encrypter.encrypt(plain)
    },
    decrypt: async (sealed) => {
      if (kind === 'recipient')
        throw new BackupKeyError(
          'BACKUP_PASSPHRASE holds an age recipient (age1…), which only encrypts: to restore, set it to ' +
            'the identity that goes with it (AGE-SECRET-KEY-1…)',
        )
      const decrypter = new Decrypter()
      if (kind === 'passphrase') decrypter.addPassphrase(setting)
      else decrypter.addIdentity(setting)
      return decrypter.decrypt(sealed)
    },
  }
}
