import { and, asc, count, desc, eq, gte, isNotNull, lte, ne } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { backupUploads } from '../../platform/db/schema'
import { announceReadiness } from '../../platform/realtime/realtime-announcements'
import type { UploadFailure } from './upload-failures'

export type BackupUploadRow = typeof backupUploads.$inferSelect

/** The durable queue of uploads (table `backup_uploads`): what waits, what failed, what made it. */
export function createBackupUploadsRepository(db: Database) {
  return {
    /** A backup to upload, due now; the same name again changes nothing. */
    async add(row: Pick<BackupUploadRow, 'name' | 'kind' | 'file' | 'host' | 'localBytes' | 'madeAt'>) {
      await db.insert(backupUploads).values(row).onConflictDoNothing()
    },
    get: async (name: string) =>
      (await db.select().from(backupUploads).where(eq(backupUploads.name, name)))[0],
    /** This machine's backups waiting for an upload whose next attempt is due. */
    due: (host: string, now: Date) =>
      db
        .select()
        .from(backupUploads)
        .where(
          and(
            eq(backupUploads.host, host),
            eq(backupUploads.status, 'pending'),
            lte(backupUploads.nextAttemptAt, now),
          ),
        )
        .orderBy(asc(backupUploads.madeAt)),
    /** When this machine's next pending upload is due, or null. */
    async nextDue(host: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: backupUploads.nextAttemptAt })
        .from(backupUploads)
        .where(and(eq(backupUploads.host, host), eq(backupUploads.status, 'pending')))
        .orderBy(asc(backupUploads.nextAttemptAt))
        .limit(1)
      return row?.at ?? null
    },
    async uploaded(name: string, bytes: number, at: Date) {
      await db
        .update(backupUploads)
        .set({
          status: 'uploaded',
          bytes,
          uploadedAt: at,
          lastAttemptAt: at,
          lastReason: null,
          lastError: null,
        })
        .where(eq(backupUploads.name, name))
      await announceReadiness(db, 'backups')
    },
    async failed(name: string, failure: UploadFailure, at: Date, next: Date | null) {
      const row = await this.get(name)
      await db
        .update(backupUploads)
        .set({
          attempts: (row?.attempts ?? 0) + 1,
          lastAttemptAt: at,
          lastReason: failure.reason,
          lastError: failure.detail,
          ...(next ? { nextAttemptAt: next } : { status: 'abandoned' as const }),
        })
        .where(eq(backupUploads.name, name))
      await announceReadiness(db, 'backups')
    },
    async lastUploaded(): Promise<BackupUploadRow | undefined> {
      const [row] = await db
        .select()
        .from(backupUploads)
        .where(eq(backupUploads.status, 'uploaded'))
        .orderBy(desc(backupUploads.uploadedAt))
        .limit(1)
      return row
    },
    async newest(): Promise<BackupUploadRow | undefined> {
      const [row] = await db.select().from(backupUploads).orderBy(desc(backupUploads.madeAt)).limit(1)
      return row
    },
    /** The newest backup whose upload failed and is not done. */
    async lastFailure(): Promise<BackupUploadRow | undefined> {
      const [row] = await db
        .select()
        .from(backupUploads)
        .where(and(ne(backupUploads.status, 'uploaded'), isNotNull(backupUploads.lastReason)))
        .orderBy(desc(backupUploads.madeAt))
        .limit(1)
      return row
    },
    async pending(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(backupUploads)
        .where(eq(backupUploads.status, 'pending'))
      return row?.n ?? 0
    },
    /** Whether any instance made a daily backup since `since` (the day's backup is made once). */
    async dailySince(since: Date): Promise<boolean> {
      const rows = await db
        .select({ name: backupUploads.name })
        .from(backupUploads)
        .where(and(eq(backupUploads.kind, 'daily'), gte(backupUploads.madeAt, since)))
        .limit(1)
      return rows.length > 0
    },
  }
}
export type BackupUploadsRepository = ReturnType<typeof createBackupUploadsRepository>
