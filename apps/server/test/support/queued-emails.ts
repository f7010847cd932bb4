import { eq } from 'drizzle-orm'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { emailQueue } from '../../src/platform/db/schema'

/** A row of the email queue as the database holds it now. */
export async function readQueuedEmail(database: DatabaseHandle, id: string) {
  const [row] = await database.db.select().from(emailQueue).where(eq(emailQueue.id, id))
  if (!row) throw new Error(`No queued email ${id}`)
  return row
}
