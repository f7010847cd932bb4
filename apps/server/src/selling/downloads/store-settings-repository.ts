import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { storeSettings } from '../../platform/db/schema'
import { announceReadiness } from '../../platform/realtime/realtime-announcements'

/** The owner's settings as `settings set` stored them: text by key, validated by the service that reads them. */
export function createStoreSettingsRepository(db: Database) {
  return {
    async all(): Promise<Map<string, string>> {
      const rows = await db.select({ key: storeSettings.key, value: storeSettings.value }).from(storeSettings)
      return new Map(rows.map((row) => [row.key, row.value]))
    },

    async set(key: string, value: string, now: Date): Promise<void> {
      await db
        .insert(storeSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: storeSettings.key, set: { value, updatedAt: now } })
      await announceReadiness(db, 'settings')
    },

    /** Whether there was a value to remove. */
    async unset(key: string): Promise<boolean> {
      const removed = await db
        .delete(storeSettings)
        .where(eq(storeSettings.key, key))
        .returning({ key: storeSettings.key })
      if (removed.length > 0) await announceReadiness(db, 'settings')
      return removed.length > 0
    },
  }
}

export type StoreSettingsRepository = ReturnType<typeof createStoreSettingsRepository>
