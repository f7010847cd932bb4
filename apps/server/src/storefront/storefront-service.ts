import { storefrontContentSchema, type StorefrontContent } from '@pg/shared/storefront/content'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { AppwriteError } from '../platform/appwrite/errors'
import { recordAuditEvent } from '../platform/audit/audit-log'
import type { Database } from '../platform/db/client'
import type { StorefrontVersionSource } from '../platform/db/schema'
import { said } from '../platform/error-messages/error-message'
import { changedPaths, withPagesDated } from './content-changes'
import { draftModel } from './storefront-models'
import {
  createStorefrontRepository,
  type StorefrontActor,
  type StorefrontDraftRow,
  type StorefrontVersion,
} from './storefront-repository'
import { checkedContent } from './storefront-validation'

/** The revision of a store whose console never saved anything: `"0"`. */
export const NO_DRAFT = 0

/** The 409 of a save or publish that started from another revision: the draft as it is now, or null. */
function conflict(current: StorefrontDraftRow | null): AppwriteError {
  return new AppwriteError(
    'document_update_conflict',
    current
      ? said('storefrontDraftChanged', { revision: current.revision, updatedBy: current.updatedBy })
      : said('storefrontDraftGone'),
    {},
    { current: current && draftModel(current) },
  )
}

/** Who changed the draft's state, as the draft names its last writer. */
const actorName = (actor: StorefrontActor) => (actor.source === 'cli' ? 'cli' : actor.email)

/** The UTC day of `date`: an information page's "last updated". */
const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The owner's storefront (issue 41, decision 073): the published versions, the console's draft, and the
 * changes between them. Every write holds the storefront's lock and checks the revision it started from
 * (`If-Match`), so nothing is overwritten silently; a version and its audit event commit together.
 */
export function createStorefrontService(options: { db: Database; now?: () => Date }) {
  const { db } = options
  const repository = createStorefrontRepository(db)
  const now = options.now ?? (() => new Date())
  const check = (input: unknown) =>
    checkedContent(input, async (ids) => new Set((await repository.projects(ids)).keys()))

  /** The newest version, which always exists once the store started (version 1 at worst). */
  async function published(on: Database = db): Promise<StorefrontVersion> {
    const latest = await repository.latest(on)
    if (latest) return latest
    await repository.writeFirstVersion(defaultStorefrontContent())
    const first = await repository.latest(on)
    if (!first) throw new Error('The storefront has no version 1')
    return first
  }

  /** Version N+1 with `content`, its changes from N, its audit event; `content` was checked already. */
  async function addVersion(
    tx: Database,
    content: StorefrontContent,
    actor: StorefrontActor,
    source: Exclude<StorefrontVersionSource, 'default'>,
    restoredFrom: number | null = null,
  ) {
    const previous = await published(tx)
    const before = storefrontContentSchema.safeParse(previous.content)
    const dated = withPagesDated(before.success ? before.data : null, content, dayOf(now()))
    const version = await repository.addVersion(tx, {
      number: previous.number + 1,
      content: dated,
      actor,
      changed: changedPaths(previous.content, dated),
      restoredFrom,
      source,
    })
    await recordAuditEvent(tx, actor, {
      action: `storefront.${source}`,
      subject: `storefront/versions/${version.number}`,
      after: {
        version: version.number,
        changed: version.changed,
        ...(restoredFrom === null ? {} : { restoredFrom }),
      },
    })
    return version
  }

  /**
   * After a restore or an import: a draft stays as it is (what the console edits did not change);
   * without one, what the console edits is the new version, so the state's revision moves on.
   */
  async function keptOrMoved(tx: Database, actor: StorefrontActor): Promise<boolean> {
    const { draft } = await repository.draftState(tx)
    if (!draft) await repository.clearDraft(tx, actorName(actor))
    return draft !== null
  }

  return {
    /** Writes version 1 unless there is a version already (each process, at start). */
    start: () => repository.writeFirstVersion(defaultStorefrontContent()),

    published: () => published(),

    /**
     * What the console opens: the published version, the draft if any, and the revision its next change
     * must name (the draft's, or the state's without one: a publish elsewhere changes it too).
     */
    async read() {
      const [version, { revision, draft }] = await Promise.all([published(), repository.draftState()])
      return { published: version, draft, revision }
    },

    /**
     * Saves the whole draft if `ifMatch` is the revision the console read (its draft's, or the state's
     * without one); a stale one is a 409. Revisions only grow: a draft started after a publish never
     * takes a number an older page still holds.
     */
    async saveDraft(input: unknown, ifMatch: number, by: string): Promise<StorefrontDraftRow> {
      const content = await check(input)
      return repository.inTurn(async (tx) => {
        const { revision, draft } = await repository.draftState(tx)
        if (revision !== ifMatch) throw conflict(draft)
        const baseVersion = draft?.baseVersion ?? (await published(tx)).number
        return repository.writeDraft(tx, { content, revision: revision + 1, baseVersion, updatedBy: by })
      })
    },

    /** Drops the draft (if `ifMatch` is given, only at that revision); false when there was none. */
    async discardDraft(ifMatch: number | undefined, by: string): Promise<boolean> {
      return repository.inTurn(async (tx) => {
        const { revision, draft } = await repository.draftState(tx)
        if (ifMatch !== undefined && revision !== ifMatch) throw conflict(draft)
        return draft ? repository.clearDraft(tx, by) : false
      })
    },

    /** Publishes the draft of revision `ifMatch`, checked again, as the next version; the draft goes. */
    async publish(ifMatch: number, actor: StorefrontActor): Promise<StorefrontVersion> {
      return repository.inTurn(async (tx) => {
        const { revision, draft } = await repository.draftState(tx)
        if (!draft) {
          if (ifMatch === revision) throw new AppwriteError('document_not_found', said('storefrontNoDraft'))
          throw conflict(null)
        }
        if (draft.revision !== ifMatch) throw conflict(draft)
        const content = await check(draft.content)
        const version = await addVersion(tx, content, actor, 'publish')
        await repository.clearDraft(tx, actorName(actor))
        return version
      })
    },

    listVersions: (limit: number, offset: number) => repository.list(limit, offset),

    version: (number: number) => repository.version(number),

    /** An earlier version's content as the next version; the draft, if any, is kept as it is. */
    async restore(number: number, actor: StorefrontActor) {
      const earlier = await repository.version(number)
      if (!earlier)
        throw new AppwriteError(
          'document_not_found',
          said('storefrontVersionNotFound', { number: String(number) }),
        )
      const content = await check(earlier.content)
      return repository.inTurn(async (tx) => {
        const version = await addVersion(tx, content, actor, 'restore', number)
        const draftKept = await keptOrMoved(tx, actor)
        return { version, draftKept }
      })
    },

    /** The published content, as `import` reads it back. */
    exportContent: async (): Promise<unknown> => (await published()).content,

    /** A content from elsewhere (a file), checked, and published as the next version unless a dry run. */
    async importContent(input: unknown, actor: StorefrontActor, dryRun: boolean) {
      const content = await check(input)
      if (dryRun) return null
      return repository.inTurn(async (tx) => {
        const version = await addVersion(tx, content, actor, 'import')
        await keptOrMoved(tx, actor)
        return version
      })
    },
  }
}

export type StorefrontService = ReturnType<typeof createStorefrontService>
