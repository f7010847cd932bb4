import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * A secret at rest (a member's TOTP secret, a webhook endpoint's signing secret): AES-256-GCM with a store key
 * (`mfa-secrets`, `webhook-secrets`), as `v1.<iv>.<ciphertext>.<tag>` in base64url; the owner's id is the additional data,
 * so a sealed secret copied onto another row does not open.
 */
export function sealSecret(key: Buffer, memberId: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(memberId))
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

export function openSecret(key: Buffer, memberId: string, sealed: string): string {
  const [version, iv, body, tag] = sealed.split('.')
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(memberId))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
