import { desc, sql } from 'drizzle-orm'
import { z } from 'zod'
import { storefrontContentSchema } from '@pg/shared/storefront/content'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import type { MailLanguage } from '../mail/mail-language'
import type { StoreIdentity } from '../mail/store-identity'
import { DEFAULT_SUPPORT_EMAIL } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { isUndefinedTable } from '../platform/db/errors'
import { listenToChannel, type ChannelListener } from '../platform/db/notifications'
import { storefrontVersions } from '../platform/db/schema'

/** The channel migration 0020's trigger notifies, with the newest number, when a version is added. */
const CHANNEL = 'storefront'
/**
 * How long a read is trusted when no notification can tell of a publish (the CLI, a lost listening
 * connection): a publish reaches the emails within this time, and a burst of emails costs one read.
 */
const FRESH_MS = 3_000

/** Only what the emails name: an older or newer content's other fields never stop an email. */
const { store } = storefrontContentSchema.shape
const identitySchema = z.object({ name: store.shape.name, supportEmail: store.shape.supportEmail })
type PublishedIdentity = z.infer<typeof identitySchema>

/** Version 1: what a store shows before anything is published (or a database made before migration 0020). */
const versionOne: PublishedIdentity = identitySchema.parse(defaultStorefrontContent().store)

interface Latest {
  /** The published version read; 0 when there is none yet. */
  number: number
  identity: PublishedIdentity
  readAt: number
  /** The count of publishes heard when the read began: a publish heard since makes it stale. */
  heard: number
}

/**
 * The newest version's name and support address. Only the `store` part of the content leaves the
 * database: the whole content weighs up to 400 KB, and an email needs two of its fields.
 */
async function readNewest(database: DatabaseHandle, known: Latest | undefined) {
  try {
    const [row] = await database.db
      .select({
        number: storefrontVersions.number,
        store: sql<unknown>`${storefrontVersions.content} -> 'store'`,
      })
      .from(storefrontVersions)
      .orderBy(desc(storefrontVersions.number))
      .limit(1)
    if (!row) return { number: 0, identity: versionOne }
    // Keyed by the version's number: a version never changes once written.
    if (row.number === known?.number) return { number: row.number, identity: known.identity }
    return { number: row.number, identity: identitySchema.parse(row.store) }
  } catch (error) {
    if (isUndefinedTable(error)) return { number: 0, identity: versionOne }
    throw error
  }
}

/**
 * The store's name and support address for the emails, as the owner last published them (issue 41):
 * the English name falls back to the Spanish one, the support address to SUPPORT_EMAIL and then to the
 * built-in one, as the pages do (`resolveStorefront`). Kept in memory: a server hears each publish on
 * `storefront` and reads again at the next email; a process that is not listening reads again after a
 * few seconds.
 */
export function createPublishedStoreIdentity(options: {
  database: DatabaseHandle
  /** SUPPORT_EMAIL, when the content names no address. */
  supportEmail: string | undefined
  /** Hear publishes (a running server; `stop` ends it); the CLI's short runs only read. */
  listen: boolean
  now?: () => number
}) {
  const { database } = options
  const now = options.now ?? Date.now
  let latest: Latest | undefined
  let heard = 0
  let listening = false
  let listener: Promise<ChannelListener | null> | undefined
  let stopped = false

  const publishHeard = () => {
    heard += 1
  }

  async function startListening(): Promise<ChannelListener | null> {
    try {
      return await listenToChannel(database, CHANNEL, {
        onNotification: publishHeard,
        // Publishes made while it was not listening were never heard.
        onListening: () => {
          listening = true
          publishHeard()
        },
        onLost: () => {
          listening = false
        },
      })
    } catch {
      // Without listening, reads only last FRESH_MS: emails still follow a publish, a few seconds late.
      return null
    }
  }

  async function current(): Promise<PublishedIdentity> {
    if (options.listen && !stopped) await (listener ??= startListening())
    const known = latest
    if (known && known.heard === heard && (listening || now() - known.readAt < FRESH_MS))
      return known.identity
    const began = heard
    const read = await readNewest(database, known)
    // A slower read begun before a publish was heard never replaces one begun after it.
    if (!latest || latest.heard <= began) latest = { ...read, readAt: now(), heard: began }
    return read.identity
  }

  return {
    async read(language: MailLanguage): Promise<StoreIdentity> {
      const identity = await current()
      return {
        name: identity.name[language] || identity.name.es,
        supportEmail: identity.supportEmail || options.supportEmail || DEFAULT_SUPPORT_EMAIL,
      }
    },

    async stop(): Promise<void> {
      stopped = true
      listening = false
      await (await listener)?.close()
    },
  }
}
