import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { storeSettings } from '../../platform/db/schema'

/** The store's switch of the weekly email (`store_settings`): on unless the owner turned it off. */
export const NEWS_EMAIL_SETTING = 'news_email'

export async function newsEmailIsOn(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, NEWS_EMAIL_SETTING))
  return row?.value !== 'off'
}

export async function setNewsEmail(db: Database, on: boolean, at: Date): Promise<void> {
  const value = on ? 'on' : 'off'
  await db
    .insert(storeSettings)
    .values({ key: NEWS_EMAIL_SETTING, value, updatedAt: at })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value, updatedAt: at } })
}
