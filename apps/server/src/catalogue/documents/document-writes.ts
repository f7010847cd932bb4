import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { documentDataSchemas, type DocumentData } from '@pg/shared/catalog-file'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said, type ErrorMessage } from '../../platform/error-messages/error-message'
import type { Database } from '../../platform/db/client'
import { isUniqueViolation } from '../../platform/db/errors'
import { categories, projects, projectTags, tags } from '../../platform/db/schema'
import { newId } from '../../platform/security/secrets'
import { recordAuditEvent, type AuditActor } from '../../platform/audit/audit-log'
import { enqueueWebhookEvent } from '../../platform/webhooks/webhook-outbox'
import { deletedProjectData, projectData } from '../../platform/webhooks/webhook-payloads'
import type { CollectionDefinition } from '../collections/collections'

type WritableCollection = keyof typeof documentDataSchemas

const TABLES: Record<WritableCollection, PgTable & { id: AnyPgColumn }> = {
  categories,
  tags,
  projects,
  project_tags: projectTags,
}

// Its own keys only: `in` would take a collection id such as `constructor` for a writable one.
const isWritable = (id: string): id is WritableCollection => Object.hasOwn(documentDataSchemas, id)

/** The permissions a document may be written with: the collection's own, `read("users")`. */
export const DOCUMENT_PERMISSIONS = ['read("users")']

/** Why `data` is refused, naming each field, as the import names them. */
function dataProblems(error: z.ZodError): ErrorMessage[] {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.code === 'unrecognized_keys'
        ? said('unknownAttributes', { keys: issue.keys })
        : said('fieldProblem', { field: issue.path.join('.'), reason: said('schemaIssue', { issue }) }),
    )
}

function readData<C extends WritableCollection>(
  collectionId: C,
  data: unknown,
  partial: boolean,
): Partial<DocumentData[C]> {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw invalidParam('data', said('jsonObjectReason'))
  const schema: z.ZodType = partial
    ? documentDataSchemas[collectionId].partial()
    : documentDataSchemas[collectionId]
  const parsed = schema.safeParse(data, { reportInput: true })
  if (!parsed.success)
    throw new AppwriteError(
      'document_invalid_structure',
      said('documentStructure', { problems: dataProblems(parsed.error) }),
    )
  return parsed.data as Partial<DocumentData[C]>
}

/** The table's columns for a document's fields: only those given, lists as the JSON text Appwrite keeps. */
function columnsOf(collectionId: WritableCollection, data: Record<string, unknown>): Record<string, unknown> {
  const given = (key: string) => Object.hasOwn(data, key) && data[key] !== undefined
  const columns: Record<string, unknown> = {}
  const copy = (key: string, column: string, map: (value: unknown) => unknown = (value) => value) => {
    if (given(key)) columns[column] = map(data[key])
  }
  if (collectionId === 'projects') {
    copy('title', 'title')
    copy('subtitle', 'subtitle')
    copy('youtube_url', 'youtubeUrl')
    copy('thumbnail_url', 'thumbnailUrl')
    copy('problem_solved', 'problemSolved')
    copy('author', 'author')
    copy('project_links', 'projectLinks', (value) => JSON.stringify(value ?? []))
    copy('demonstration_cases', 'demonstrationCases', (value) => JSON.stringify(value ?? []))
    copy('category', 'categoryId')
  } else if (collectionId === 'project_tags') {
    copy('project_id', 'projectId')
    copy('tag_id', 'tagId')
  } else {
    copy('name', 'name')
    copy('description', 'description', (value) => value ?? '')
  }
  return columns
}

/** A row as the audit log keeps it: its stored fields, without the folded copies PostgreSQL keeps. */
function auditedRow(row: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!row) return null
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith('Search')))
}

async function storedRow(tx: Database, collectionId: WritableCollection, id: string) {
  const table = TABLES[collectionId]
  const [row] = await tx.select().from(table).where(eq(table.id, id))
  return row as Record<string, unknown> | undefined
}

/** `num_apps` of these tags, counted again from their links, in the same transaction as the change. */
async function recountTags(tx: Database, tagIds: string[]) {
  if (tagIds.length === 0) return
  await tx
    .update(tags)
    .set({
      numApps: sql`(SELECT count(*)::int FROM project_tags pt WHERE pt.tag_id = ${tags.id})`,
      updatedAt: new Date(),
    })
    .where(inArray(tags.id, tagIds))
}

/** The references a document names must exist: a missing one is the member's mistake, not a 500. */
async function checkReferences(
  tx: Database,
  collectionId: WritableCollection,
  data: Record<string, unknown>,
) {
  const missing = async (table: typeof categories | typeof projects | typeof tags, id: unknown) =>
    typeof id === 'string' &&
    (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 0
  const refuse = (what: 'category' | 'project' | 'tag', id: unknown) => {
    throw new AppwriteError('document_invalid_structure', said('referenceMissing', { what, id: String(id) }))
  }
  if (collectionId === 'projects' && (await missing(categories, data.category)))
    refuse('category', data.category)
  if (collectionId === 'project_tags') {
    if (await missing(projects, data.project_id)) refuse('project', data.project_id)
    if (await missing(tags, data.tag_id)) refuse('tag', data.tag_id)
  }
}

/**
 * Creating, updating and deleting catalogue documents from the owner's console (issue 13), validated by
 * the import's own schemas. Each write is one transaction; the catalogue version's triggers make every
 * instance's caches and search index follow it.
 */
export function createDocumentWrites(
  db: Database,
  /** Called after each committed write: this process reads the catalogue version again at once. */
  changed: () => void = () => undefined,
) {
  function writable(collection: CollectionDefinition): WritableCollection {
    if (!isWritable(collection.id)) throw new AppwriteError('collection_not_found')
    return collection.id
  }

  /** The owner's webhooks hear of a project written in this transaction (issue 44). */
  async function projectEvent(tx: Database, event: 'project.created' | 'project.updated', id: string) {
    const [project] = await tx.select().from(projects).where(eq(projects.id, id))
    if (project) await enqueueWebhookEvent(tx, event, projectData(project))
  }

  return {
    async create(
      collection: CollectionDefinition,
      documentId: string | undefined,
      data: unknown,
      actor: AuditActor,
    ) {
      const collectionId = writable(collection)
      const fields = readData(collectionId, data, false) as Record<string, unknown>
      const id = documentId ?? newId()
      await db
        .transaction(async (tx) => {
          await checkReferences(tx, collectionId, fields)
          if (collectionId === 'project_tags') {
            const [pair] = await tx
              .select({ id: projectTags.id })
              .from(projectTags)
              .where(
                and(
                  eq(projectTags.projectId, String(fields.project_id)),
                  eq(projectTags.tagId, String(fields.tag_id)),
                ),
              )
            if (pair)
              throw new AppwriteError('document_already_exists', said('projectTagTaken', { id: pair.id }))
          }
          await tx.insert(TABLES[collectionId]).values({ id, ...columnsOf(collectionId, fields) } as never)
          if (collectionId === 'project_tags') await recountTags(tx, [String(fields.tag_id)])
          await recordAuditEvent(tx, actor, {
            action: 'document.create',
            subject: `${collectionId}/${id}`,
            after: auditedRow(await storedRow(tx, collectionId, id)),
          })
          if (collectionId === 'projects') await projectEvent(tx, 'project.created', id)
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppwriteError('document_already_exists')
          throw error
        })
      changed()
      return id
    },

    async update(collection: CollectionDefinition, documentId: string, data: unknown, actor: AuditActor) {
      const collectionId = writable(collection)
      const fields = readData(collectionId, data, true) as Record<string, unknown>
      const table = TABLES[collectionId]
      await db
        .transaction(async (tx) => {
          const before = await storedRow(tx, collectionId, documentId)
          if (!before) throw new AppwriteError('document_not_found')
          await checkReferences(tx, collectionId, fields)
          const columns = columnsOf(collectionId, fields)
          if (Object.keys(columns).length > 0)
            await tx
              .update(table)
              .set({ ...columns, updatedAt: new Date() } as never)
              .where(eq(table.id, documentId))
          if (collectionId === 'project_tags') {
            const oldTag = String(before.tagId)
            await recountTags(tx, [...new Set([oldTag, String(fields.tag_id ?? oldTag)])])
          }
          await recordAuditEvent(tx, actor, {
            action: 'document.update',
            subject: `${collectionId}/${documentId}`,
            before: auditedRow(before),
            after: auditedRow(await storedRow(tx, collectionId, documentId)),
          })
          if (collectionId === 'projects') await projectEvent(tx, 'project.updated', documentId)
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new AppwriteError('document_already_exists', said('projectTagTakenOnUpdate'))
          throw error
        })
      changed()
    },

    async delete(collection: CollectionDefinition, documentId: string, actor: AuditActor) {
      const collectionId = writable(collection)
      const table = TABLES[collectionId]
      await db.transaction(async (tx) => {
        // The tags whose counts change with it: a link's own, or a project's (its links go with it).
        const linkedTags =
          collectionId === 'project_tags'
            ? projectTags.id
            : collectionId === 'projects'
              ? projectTags.projectId
              : null
        const affected = linkedTags
          ? (
              await tx
                .select({ tagId: projectTags.tagId })
                .from(projectTags)
                .where(eq(linkedTags, documentId))
            ).map((row) => row.tagId)
          : []
        const before = await storedRow(tx, collectionId, documentId)
        if (!before) throw new AppwriteError('document_not_found')
        await tx.delete(table).where(eq(table.id, documentId))
        await recountTags(tx, affected)
        await recordAuditEvent(tx, actor, {
          action: 'document.delete',
          subject: `${collectionId}/${documentId}`,
          before: auditedRow(before),
        })
        if (collectionId === 'projects')
          await enqueueWebhookEvent(
            tx,
            'project.deleted',
            deletedProjectData({ id: documentId, title: String(before.title) }),
          )
      })
      changed()
    },
  }
}

export type DocumentWrites = ReturnType<typeof createDocumentWrites>
