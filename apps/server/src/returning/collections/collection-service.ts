import type { z } from 'zod'
import {
  MEMBER_COLLECTION_LIMITS,
  memberCollectionChangesSchema,
  memberCollectionDataSchema,
} from '@pg/shared/member-collections'
import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { parseListQueries } from '../../platform/appwrite/queries'
import { isUniqueViolation } from '../../platform/db/errors'
import { said, type ErrorMessage } from '../../platform/error-messages/error-message'
import { newId } from '../../platform/security/secrets'
import { collectionDocument, selectedAttributes, sharedView } from './collection-document'
import { readCollectionListQueries, type CollectionListQueries } from './collection-list-queries'
import { readCollectionPermissions } from './collection-permissions'
import type { CollectionRepository, MemberCollectionRow } from './collection-repository'
import type { OwnListsCache } from './own-lists-cache'
import { newShareId } from './share-id'

const invalidStructure = (problems: ErrorMessage[]) =>
  new AppwriteError('document_invalid_structure', said('documentStructure', { problems }))

/**
 * `data` as the collection's attributes, or Appwrite's `document_invalid_structure` naming each problem.
 * `shareId` is the collection's as it is (null for a new one): the read-only attributes are taken only as
 * the collection has them.
 */
function readData<T extends { projectIds?: string[]; ownerId?: string; shareId?: string | null }>(
  schema: z.ZodType<T>,
  data: unknown,
  memberId: string,
  shareId: string | null,
): T {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw invalidParam('data', said('jsonObjectReason'))
  const parsed = schema.safeParse(data, { reportInput: true })
  if (!parsed.success)
    throw invalidStructure(
      parsed.error.issues
        .slice(0, 5)
        .map((issue) =>
          issue.code === 'unrecognized_keys'
            ? said('unknownAttributes', { keys: issue.keys })
            : said('fieldProblem', { field: issue.path.join('.'), reason: said('schemaIssue', { issue }) }),
        ),
    )
  const { projectIds, ownerId, shareId: sentShareId } = parsed.data
  const repeated = projectIds?.find((id, index) => projectIds.indexOf(id) !== index)
  if (repeated !== undefined)
    throw invalidStructure([
      said('fieldProblem', { field: 'projectIds', reason: said('repeatedProject', { id: repeated }) }),
    ])
  // Read-only, but a document read and sent back as it is keeps working.
  if (ownerId !== undefined && ownerId !== memberId)
    throw invalidStructure([said('fieldProblem', { field: 'ownerId', reason: said('ownerIdReadOnly') })])
  if (sentShareId !== undefined && sentShareId !== shareId)
    throw invalidStructure([said('fieldProblem', { field: 'shareId', reason: said('shareIdReadOnly') })])
  return parsed.data
}

/** Who asks, and where: the member's id and the gallery database's. */
export interface CollectionRequest {
  memberId: string
  databaseId: string
}

/**
 * Members' named collections as Appwrite documents with document-level permissions (decision 064): the
 * owner lists, reads, updates and deletes their own; a shared one is read by any signed-in member who has
 * its share id, its link, as a view that names no user id (issue 40, decision 070). Ids are each member's
 * own. Whatever is not the member's own answers as if it did not exist.
 */
export function createCollectionService(
  collections: CollectionRepository,
  ownLists: Pick<OwnListsCache, 'find' | 'keep' | 'changed'> | null = null,
) {
  /** The member's own collection with this id: another's, by any id, is not there (decision 070). */
  async function ownedBy(memberId: string, documentId: string): Promise<MemberCollectionRow> {
    const row = ID_PATTERN.test(documentId) ? await collections.findOwn(memberId, documentId) : null
    if (!row) throw new AppwriteError('document_not_found')
    return row
  }

  /**
   * The member's own write is seen by their next list at once: PostgreSQL's notification of it reaches
   * this process a moment later (other processes' members see it then).
   */
  const changedOwn = (memberId: string) => ownLists?.changed(memberId)

  async function list(
    { memberId, databaseId }: CollectionRequest,
    queries: CollectionListQueries,
    withTotal: boolean,
  ) {
    const attributes = selectedAttributes(queries.select)
    let cursor = null
    if (queries.cursor) {
      const { documentId, direction } = queries.cursor
      const row = ID_PATTERN.test(documentId) ? await collections.findOwn(memberId, documentId) : null
      if (!row)
        throw new AppwriteError(
          'general_cursor_not_found',
          said('cursorDocumentNotFound', { id: documentId }),
        )
      cursor = { row, direction }
    }
    const { rows, total } = await collections.list({ ...queries, readerId: memberId, cursor, withTotal })
    return { total, documents: rows.map((row) => collectionDocument(row, databaseId, attributes)) }
  }

  return {
    /**
     * The list as its JSON answer. Every list holds the member's own collections only (decision 070), so
     * each is kept in memory until their collections change (migration 0016).
     */
    async listAnswer(asked: CollectionRequest, texts: string[], withTotal: boolean): Promise<string> {
      const key = `${withTotal ? 'total' : 'none'}\n${texts.join('\n')}`
      const kept = ownLists?.find(asked.memberId, key)
      if (kept?.answer !== undefined) return kept.answer
      const answer = JSON.stringify(await list(asked, readCollectionListQueries(texts), withTotal))
      if (kept) ownLists?.keep(asked.memberId, key, answer, kept.generation)
      return answer
    },

    async get({ memberId, databaseId }: CollectionRequest, documentId: string, texts: string[]) {
      const attributes = selectedAttributes(parseListQueries(texts, { allowOnly: ['select'] }).select)
      const row = ID_PATTERN.test(documentId) ? await collections.findOpenedBy(memberId, documentId) : null
      if (!row) throw new AppwriteError('document_not_found')
      // The owner by their collection's id or by its link reads it all; anyone else, the shared view.
      if (row.ownerId === memberId) return collectionDocument(row, databaseId, attributes)
      if (row.shareId === null) throw new AppwriteError('document_not_found')
      return sharedView({ ...row, shareId: row.shareId }, databaseId, attributes)
    },

    async create(
      { memberId, databaseId }: CollectionRequest,
      input: { documentId: string | undefined; data: unknown; permissions: unknown },
    ) {
      const data = readData(memberCollectionDataSchema, input.data, memberId, null)
      const shared = readCollectionPermissions(input.permissions, memberId, false)
      let row: MemberCollectionRow | null
      try {
        row = await collections.create(
          {
            id: input.documentId ?? newId(),
            ownerId: memberId,
            name: data.name,
            projectIds: data.projectIds,
            position: data.position,
            shareId: shared ? newShareId() : null,
          },
          MEMBER_COLLECTION_LIMITS.perMember,
        )
      } catch (error) {
        // The key is (owner, id): only the member's own id taken twice (issue 40, L5).
        if (isUniqueViolation(error)) throw new AppwriteError('document_already_exists')
        throw error
      }
      if (!row)
        throw new AppwriteError(
          'general_argument_invalid',
          said('collectionsLimit', { limit: MEMBER_COLLECTION_LIMITS.perMember }),
        )
      changedOwn(memberId)
      return collectionDocument(row, databaseId)
    },

    async update(
      { memberId, databaseId }: CollectionRequest,
      documentId: string,
      input: { data: unknown; permissions: unknown },
    ) {
      const row = await ownedBy(memberId, documentId)
      const changes =
        input.data === undefined || input.data === null
          ? {}
          : readData(memberCollectionChangesSchema, input.data, memberId, row.shareId)
      // Without permissions its sharing is left as it is in the statement, not as read here.
      const share =
        input.permissions === undefined || input.permissions === null
          ? undefined
          : {
              shared: readCollectionPermissions(input.permissions, memberId, row.shareId !== null),
              newShareId: newShareId(),
            }
      const { name, projectIds, position } = changes
      const updated = await collections.update(memberId, row.id, { name, projectIds, position }, share)
      changedOwn(memberId)
      // Deleted by its owner meanwhile (another tab): as Appwrite answers a document that is gone.
      if (!updated) throw new AppwriteError('document_not_found')
      return collectionDocument(updated, databaseId)
    },

    async delete({ memberId }: CollectionRequest, documentId: string) {
      const row = await ownedBy(memberId, documentId)
      const deleted = await collections.delete(memberId, row.id)
      changedOwn(memberId)
      if (!deleted) throw new AppwriteError('document_not_found')
    },
  }
}

export type CollectionService = ReturnType<typeof createCollectionService>
