import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { WebhookEvent } from '@pg/shared/automations'
import type { Database } from '../db/client'

/** The PostgreSQL channel every instance's realtime hub listens to (decision 077). */
export const REALTIME_CHANNEL = 'realtime'

/**
 * A committed change, as the realtime hub hears it: small and self-contained, so that it fits a
 * notification (PostgreSQL refuses a payload of 8000 bytes or more) and names no secret. The hub turns
 * it into Appwrite's events and channels and decides, per connection, who may hear it.
 */
export type RealtimeAnnouncement =
  /** What the owner's webhooks hear (orders, members, projects), with the webhook's own `data`. */
  | { kind: 'webhook'; type: WebhookEvent; data: Record<string, unknown>; at: string }
  /** A member's own account changed: the hub reads the member again for the payload. */
  | { kind: 'account'; userId: string; change: AccountChange; at: string }
  /** A member's collection (decision 064): who owns it and whether it is shared, as it is now. */
  | {
      kind: 'collection'
      action: 'create' | 'update' | 'delete'
      id: string
      ownerId: string
      shareId: string | null
      /** The share id this change dropped (made private): its link's readers hear a delete. */
      unsharedId?: string | null
      sequence: string
      createdAt: string
      updatedAt: string
      at: string
    }
  /** A line of the console's readiness (Settings) may read otherwise now: the console reads it again. */
  | { kind: 'readiness'; line: ReadinessLine; at: string }

/** The readiness lines a change outside the console's own requests can move (decision 077). */
export type ReadinessLine = 'webhooks' | 'backups' | 'settings'

export type AccountChange = 'name' | 'prefs' | 'password'

/** Longer strings in a webhook's data are left out of the announcement: the client reads the document. */
const LONGEST_STRING = 512
/** Below PostgreSQL's 8000 bytes, with room for multi-byte characters counted as one. */
const LONGEST_ANNOUNCEMENT = 2_500

function bounded(announcement: RealtimeAnnouncement): string | null {
  // Its own id: a pool's connections all listen too (db/notifications.ts), so a hub may hear it twice.
  const text = JSON.stringify({ ...announcement, announcementId: randomUUID() }, (_key, value: unknown) =>
    typeof value === 'string' && value.length > LONGEST_STRING ? undefined : value,
  )
  return text.length > LONGEST_ANNOUNCEMENT ? null : text
}

/**
 * Tells every instance's hub about changes, in the caller's transaction: PostgreSQL holds the
 * notifications until the commit and drops them with a rollback, so a change is announced exactly when
 * it happened. Identical announcements in one transaction arrive once (PostgreSQL folds them).
 */
export async function announceRealtime(
  db: Database,
  announcements: readonly RealtimeAnnouncement[],
): Promise<void> {
  const texts = announcements.map(bounded).filter((text) => text !== null)
  for (let start = 0; start < texts.length; start += 200) {
    const batch = JSON.stringify(texts.slice(start, start + 200))
    await db.execute(
      sql`SELECT pg_notify(${REALTIME_CHANNEL}, text) FROM jsonb_array_elements_text(${batch}::jsonb) AS text`,
    )
  }
}

/** A change's moment, as announcements carry it. */
export const announcedAt = (at: Date = new Date()) => at.toISOString()

/** Tells the owner's open consoles that a readiness line may have changed, in the caller's transaction. */
export const announceReadiness = (db: Database, line: ReadinessLine) =>
  announceRealtime(db, [{ kind: 'readiness', line, at: announcedAt() }])
