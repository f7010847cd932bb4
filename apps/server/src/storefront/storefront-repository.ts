import { count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../platform/db/client'
import {
  catalogState,
  projects,
  storefrontDraft,
  storefrontVersions,
  type StorefrontVersionSource,
} from '../platform/db/schema'

/** Any number, the same in every store process: held by each transaction that writes the storefront. */
const STOREFRONT_LOCK = 7_352_020
/** The draft's only row. */
const DRAFT_ID = 1

/** Who made a version or a draft, as the audit log names them; null for the store itself (version 1). */
export type StorefrontActor = { source: 'console'; id: string; email: string } | { source: 'cli' }

export interface StorefrontVersion {
  number: number
  /** As stored: read through the schema by whoever uses it. */
  content: unknown
  createdAt: Date
  actor: StorefrontActor | null
  changed: string[]
  restoredFrom: number | null
  source: StorefrontVersionSource
}

export interface StorefrontDraftRow {
  content: unknown
  revision: number
  baseVersion: number
  updatedAt: Date
  updatedBy: string
}

type VersionRow = typeof storefrontVersions.$inferSelect

function actorOf(row: Pick<VersionRow, 'actorSource' | 'actorId' | 'actorEmail'>): StorefrontActor | null {
  if (row.actorSource === 'cli') return { source: 'cli' }
  if (row.actorSource === 'console')
    return { source: 'console', id: row.actorId ?? '', email: row.actorEmail ?? '' }
  return null
}

const versionOf = (row: VersionRow): StorefrontVersion => ({
  number: row.number,
  content: row.content,
  createdAt: row.createdAt,
  actor: actorOf(row),
  changed: row.changed,
  restoredFrom: row.restoredFrom,
  source: row.source,
})

/** The storefront's tables (migration 0020): its versions, its draft, and the catalogue's projects it names. */
export function createStorefrontRepository(db: Database) {
  /** What the console edits: the draft, if there is one, and the revision a change must name. */
  async function draftState(
    on: Database = db,
  ): Promise<{ revision: number; draft: StorefrontDraftRow | null }> {
    const [row] = await on.select().from(storefrontDraft).where(eq(storefrontDraft.id, DRAFT_ID))
    if (!row) return { revision: 0, draft: null }
    return {
      revision: row.revision,
      draft:
        row.content === null || row.content === undefined
          ? null
          : {
              content: row.content,
              revision: row.revision,
              baseVersion: row.baseVersion ?? 0,
              updatedAt: row.updatedAt,
              updatedBy: row.updatedBy,
            },
    }
  }

  return {
    /**
     * Version 1, the built-in content, unless there is one already: every process runs this at start,
     * and two starting at once write it once.
     */
    async writeFirstVersion(content: unknown): Promise<void> {
      await db
        .insert(storefrontVersions)
        .values({ number: 1, content, changed: [], source: 'default' })
        .onConflictDoNothing()
    },

    /**
     * Runs `work` in a transaction holding the storefront's lock, so that two publishes, or two saves of
     * the draft, from any processes take turns and each sees what the other wrote.
     */
    inTurn<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${STOREFRONT_LOCK})`)
        return work(tx)
      })
    },

    async latest(on: Database = db): Promise<StorefrontVersion | null> {
      const [row] = await on
        .select()
        .from(storefrontVersions)
        .orderBy(desc(storefrontVersions.number))
        .limit(1)
      return row ? versionOf(row) : null
    },

    /** The newest version's number alone (what a notification makes each process compare). */
    async latestNumber(): Promise<number> {
      const [row] = await db
        .select({ number: storefrontVersions.number })
        .from(storefrontVersions)
        .orderBy(desc(storefrontVersions.number))
        .limit(1)
      return row?.number ?? 0
    },

    async version(number: number): Promise<StorefrontVersion | null> {
      const [row] = await db.select().from(storefrontVersions).where(eq(storefrontVersions.number, number))
      return row ? versionOf(row) : null
    },

    /** The history, newest first, without the contents. */
    async list(limit: number, offset: number) {
      const rows = await db
        .select({
          number: storefrontVersions.number,
          createdAt: storefrontVersions.createdAt,
          actorSource: storefrontVersions.actorSource,
          actorId: storefrontVersions.actorId,
          actorEmail: storefrontVersions.actorEmail,
          changed: storefrontVersions.changed,
          restoredFrom: storefrontVersions.restoredFrom,
          source: storefrontVersions.source,
        })
        .from(storefrontVersions)
        .orderBy(desc(storefrontVersions.number))
        .limit(limit)
        .offset(offset)
      const [total] = await db.select({ total: count() }).from(storefrontVersions)
      return {
        total: total?.total ?? 0,
        versions: rows.map(({ actorSource, actorId, actorEmail, ...row }) => ({
          ...row,
          actor: actorOf({ actorSource, actorId, actorEmail }),
        })),
      }
    },

    async addVersion(
      tx: Database,
      version: {
        number: number
        content: unknown
        actor: StorefrontActor
        changed: string[]
        restoredFrom: number | null
        source: Exclude<StorefrontVersionSource, 'default'>
      },
    ): Promise<StorefrontVersion> {
      const { actor } = version
      const [row] = await tx
        .insert(storefrontVersions)
        .values({
          number: version.number,
          content: version.content,
          actorSource: actor.source,
          actorId: actor.source === 'cli' ? null : actor.id,
          actorEmail: actor.source === 'cli' ? null : actor.email,
          changed: version.changed,
          restoredFrom: version.restoredFrom,
          source: version.source,
        })
        .returning()
      if (!row) throw new Error('The storefront version was not stored')
      return versionOf(row)
    },

    draftState,

    async writeDraft(
      tx: Database,
      draft: Omit<StorefrontDraftRow, 'updatedAt'>,
    ): Promise<StorefrontDraftRow> {
      const values = { ...draft, updatedAt: new Date() }
      await tx
        .insert(storefrontDraft)
        .values({ id: DRAFT_ID, ...values })
        .onConflictDoUpdate({ target: storefrontDraft.id, set: values })
      return values
    },

    /**
     * Leaves no draft, under the next revision: the row stays, so a console that read the draft, or the
     * state before, names a revision that is gone. Returns whether there was a draft.
     */
    async clearDraft(tx: Database, by: string): Promise<boolean> {
      const { revision, draft } = await draftState(tx)
      const values = {
        content: null,
        revision: revision + 1,
        baseVersion: null,
        updatedAt: new Date(),
        updatedBy: by,
      }
      await tx
        .insert(storefrontDraft)
        .values({ id: DRAFT_ID, ...values })
        .onConflictDoUpdate({ target: storefrontDraft.id, set: values })
      return draft !== null
    },

    /** The catalogue's version (bumped by a trigger at every change of a project, from any process). */
    async catalogVersion(): Promise<number> {
      const [row] = await db
        .select({ version: catalogState.version })
        .from(catalogState)
        .where(eq(catalogState.id, 1))
      return row?.version ?? 0
    },

    /** The catalogue's projects among `ids`, as a carousel shows them. */
    async projects(ids: readonly string[], on: Database = db) {
      if (ids.length === 0) return new Map<string, ProjectCard>()
      const rows = await on
        .select({
          id: projects.id,
          title: projects.title,
          subtitle: projects.subtitle,
          thumbnailUrl: projects.thumbnailUrl,
        })
        .from(projects)
        .where(inArray(projects.id, [...new Set(ids)]))
      return new Map<string, ProjectCard>(rows.map(({ id, ...card }) => [id, card]))
    },
  }
}

/** A catalogue project as the carousel shows it. */
export interface ProjectCard {
  title: string
  subtitle: string | null
  thumbnailUrl: string | null
}

export type StorefrontRepository = ReturnType<typeof createStorefrontRepository>
