import { z } from 'zod'

/**
 * Why the last upload of a backup to the owner's bucket failed (issue 42), as a code the console says in
 * its language; the server's English sentence beside it is for the admin CLI and the log.
 */
export const OFFSITE_FAILURES = [
  /** BACKUP_PASSPHRASE is not set: a backup never leaves the machine unencrypted. */
  'noKey',
  /** The bucket's server did not answer (name unknown, refused, timed out). */
  'unreachable',
  /** The endpoint resolves to a private or metadata address and BACKUP_S3_ALLOW_PRIVATE is not set. */
  'privateAddress',
  /** The access key or its secret was refused, or the key may not write there. */
  'refusedKeys',
  /** No bucket of that name at the endpoint. */
  'noBucket',
  /** The backup file to upload is gone from this machine. */
  'fileMissing',
  /** Anything else: `detail` says it. */
  'other',
] as const
export type OffsiteFailure = (typeof OFFSITE_FAILURES)[number]

const backupFact = z.object({
  /** The backup's name, e.g. `gallery-daily-20261128T101000000Z.tar.gz` (`.age` in the bucket). */
  name: z.string(),
  /** When it was made (ISO). */
  at: z.string(),
  bytes: z.number().int().nonnegative(),
})
export type BackupFact = z.infer<typeof backupFact>

/** `GET /v1/store/backups` (admin): the store's backups, local and off-site, and how the last upload went. */
export const offsiteBackupStatusSchema = z.object({
  /** BACKUP_S3_BUCKET is set. */
  configured: z.boolean(),
  /** Where backups go, without any secret: `s3://bucket/prefix/` and the endpoint's host, or null. */
  destination: z.string().nullable(),
  /** Set when uploads cannot run at all as configured (no key). */
  problem: z.enum(OFFSITE_FAILURES).nullable(),
  lastLocal: backupFact.nullable(),
  lastOffsite: backupFact.extend({ uploadedAt: z.string() }).nullable(),
  /** Backups waiting to be uploaded (retried with backoff). */
  pending: z.number().int().nonnegative(),
  /** The newest failed attempt still unresolved, or null when every backup made it. */
  lastError: z
    .object({
      name: z.string(),
      at: z.string(),
      reason: z.enum(OFFSITE_FAILURES),
      /** In English, the owner's words: what went wrong and what to check. Never a secret. */
      detail: z.string(),
      attempts: z.number().int().nonnegative(),
      /** When the store tries again (ISO), or null when it will not (e.g. the file is gone). */
      nextAttemptAt: z.string().nullable(),
    })
    .nullable(),
  /** A backup or an upload is under way now (the console polls while it is). */
  running: z.boolean(),
})
export type OffsiteBackupStatus = z.infer<typeof offsiteBackupStatusSchema>
