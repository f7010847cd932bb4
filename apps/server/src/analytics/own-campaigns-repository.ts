import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../platform/db/client'
import { storeSettings } from '../platform/db/schema'

/** The owner's own campaigns (decision 071), one `store_settings` row: a JSON array of names. */
export const OWN_CAMPAIGNS_SETTING = 'analytics_campaigns'

const storedSchema = z.array(z.string())

/** The stored names; a value that is not a list of names (edited by hand) reads as none. */
function storedNames(value: string | undefined): string[] {
  if (value === undefined) return []
  try {
    const parsed = storedSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export async function readOwnCampaigns(db: Database): Promise<string[]> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, OWN_CAMPAIGNS_SETTING))
  return storedNames(row?.value)
}

/**
 * The names, their row locked until `tx` ends (made first when missing), so that two changes at once
 * (two admins, the console and the CLI) never overwrite each other.
 */
export async function lockOwnCampaigns(tx: Database, at: Date): Promise<string[]> {
  await tx
    .insert(storeSettings)
    .values({ key: OWN_CAMPAIGNS_SETTING, value: '[]', updatedAt: at })
    .onConflictDoNothing({ target: storeSettings.key })
  const [row] = await tx
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, OWN_CAMPAIGNS_SETTING))
    .for('update')
  return storedNames(row?.value)
}

export async function saveOwnCampaigns(tx: Database, names: readonly string[], at: Date): Promise<void> {
  await tx
    .update(storeSettings)
    .set({ value: JSON.stringify(names), updatedAt: at })
    .where(eq(storeSettings.key, OWN_CAMPAIGNS_SETTING))
}
