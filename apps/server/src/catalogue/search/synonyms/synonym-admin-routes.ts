import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { toAppwriteDate } from '../../../platform/appwrite/dates'
import { AppwriteError, invalidParam } from '../../../platform/appwrite/errors'
import { bodyParams, queryParams, requiredParam } from '../../../platform/appwrite/params'
import { recordAuditEvent } from '../../../platform/audit/audit-log'
import type { Database } from '../../../platform/db/client'
import { projects, searchSynonyms } from '../../../platform/db/schema'
import { said } from '../../../platform/error-messages/error-message'
import { consoleActor } from '../../../platform/http/admin-routes'
import type { RouteDefinition } from '../../../platform/http/route-table'
import type { SignedIn } from '../../../platform/http/signed-in'
import { newId } from '../../../platform/security/secrets'
import { findPage } from '../page-finder'
import type { SearchIndex } from '../search-index'
import type { SearchSynonyms } from './search-synonyms'
import { foldedSide, sideSchema, SIDE_MAX_CHARACTERS, SYNONYMS_KEPT, type Synonym } from './synonym-sides'

const URL = '/v1/store/search-synonyms'
/** How many titles the preview shows of each search. */
export const PREVIEW_TITLES = 5

const synonymModel = (row: Synonym) => ({
  $id: row.id,
  $createdAt: toAppwriteDate(row.createdAt),
  oneSide: row.oneSide,
  otherSide: row.otherSide,
})

const sides = (row: Pick<Synonym, 'oneSide' | 'otherSide'>) => ({
  oneSide: row.oneSide,
  otherSide: row.otherSide,
})

/** A side from the request's body, folded; a 400 naming the parameter when it is not one. */
function sideParam(params: Record<string, unknown>, name: 'oneSide' | 'otherSide'): string {
  const reason = said('synonymSideReason', { words: 5, characters: SIDE_MAX_CHARACTERS })
  const side = foldedSide(requiredParam(params, name, sideSchema, reason))
  if (side === null) throw invalidParam(name, reason)
  return side
}

/**
 * The console's search synonyms (issue 34, decision 067): list, add, remove, each change audited and
 * heard by every process within the second; and a preview of what a query finds with and without them.
 */
export function synonymAdminRoutes(options: {
  db: Database
  synonyms: SearchSynonyms
  searchIndex: SearchIndex
}): RouteDefinition<SignedIn>[] {
  const { db, synonyms, searchIndex } = options

  /** The first titles a search finds, with the synonyms in force or without any. */
  async function firstTitles(text: string, withSynonyms: boolean): Promise<string[]> {
    const index = await searchIndex.current({ fresh: true })
    const words = withSynonyms ? synonyms.current().query.wordsOf(text) : null
    const { page } = findPage(index, {
      search: 'text',
      text,
      ...(words ? { words } : {}),
      order: { by: 'relevance', direction: 'asc', tieBreak: 'asc' },
      cursor: null,
      offset: 0,
      limit: PREVIEW_TITLES,
      withTotal: false,
    })
    const ids = page.flatMap((position) => index.ids[position] ?? [])
    if (ids.length === 0) return []
    const rows = await db
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(inArray(projects.id, ids))
    const titles = new Map(rows.map((row) => [row.id, row.title]))
    return ids.flatMap((id) => titles.get(id) ?? [])
  }

  return [
    {
      method: 'GET',
      url: URL,
      access: 'admin',
      handler: async () => {
        const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.createdAt))
        return { total: rows.length, limit: SYNONYMS_KEPT, synonyms: rows.map(synonymModel) }
      },
    },
    {
      method: 'GET',
      url: `${URL}/preview`,
      access: 'admin',
      handler: async ({ request }) => {
        const reason = said('synonymPreviewReason', { characters: 256 })
        const text = requiredParam(queryParams(request), 'q', z.string().min(1).max(256), reason)
        const [withSynonyms, withoutSynonyms] = await Promise.all([
          firstTitles(text, true),
          firstTitles(text, false),
        ])
        return { q: text, withSynonyms, withoutSynonyms }
      },
    },
    {
      method: 'POST',
      url: URL,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const params = bodyParams(request.body)
        const oneSide = sideParam(params, 'oneSide')
        const otherSide = sideParam(params, 'otherSide')
        if (oneSide === otherSide)
          throw new AppwriteError('general_argument_invalid', said('synonymSameSides'))
        const row = await db.transaction(async (tx) => {
          // At most 500 rows: read whole, the same pair either way round is one synonym.
          const kept = await tx.select().from(searchSynonyms)
          if (kept.length >= SYNONYMS_KEPT)
            throw new AppwriteError(
              'general_argument_invalid',
              said('synonymsFull', { limit: SYNONYMS_KEPT }),
            )
          const same = kept.some(
            (other) =>
              (other.oneSide === oneSide && other.otherSide === otherSide) ||
              (other.oneSide === otherSide && other.otherSide === oneSide),
          )
          if (same)
            throw new AppwriteError('document_already_exists', said('synonymExists', { oneSide, otherSide }))
          const [created] = await tx
            .insert(searchSynonyms)
            .values({ id: newId(), oneSide, otherSide })
            .returning()
          if (!created) throw new Error('The synonym was not stored')
          await recordAuditEvent(tx, consoleActor(member), {
            action: 'synonym.create',
            subject: `search-synonyms/${created.id}`,
            after: sides(created),
          })
          return created
        })
        await synonyms.changed()
        return reply.code(201).send(synonymModel(row))
      },
    },
    {
      method: 'DELETE',
      url: `${URL}/:synonymId`,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const { synonymId } = z.object({ synonymId: z.string() }).parse(request.params)
        await db.transaction(async (tx) => {
          const [removed] = await tx
            .delete(searchSynonyms)
            .where(eq(searchSynonyms.id, synonymId))
            .returning()
          if (!removed)
            throw new AppwriteError('document_not_found', said('synonymNotFound', { id: synonymId }))
          await recordAuditEvent(tx, consoleActor(member), {
            action: 'synonym.delete',
            subject: `search-synonyms/${removed.id}`,
            before: sides(removed),
          })
        })
        await synonyms.changed()
        return reply.code(204).send()
      },
    },
  ]
}
