import type { Category, Project, Tag } from '@pg/shared/catalog'
import { createHash } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { categories, projects, projectTags, tags } from '../../platform/db/schema'
import { endpointsFor, enqueueWebhookEvents } from '../../platform/webhooks/webhook-outbox'
import { announceRealtime, announcedAt } from '../../platform/realtime/realtime-announcements'
import { projectData } from '../../platform/webhooks/webhook-payloads'

export interface CatalogContent {
  categories: Category[]
  tags: Tag[]
  projects: Project[]
}

const BATCH = 1000
/** How many new projects an import announces to realtime subscribers when no webhook wants them all. */
const REALTIME_IMPORT_ANNOUNCED = 100

function batches<T>(items: T[]): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += BATCH) result.push(items.slice(start, start + BATCH))
  return result
}

/** Stable id of a project-tag link, so re-importing the same catalogue yields the same ids. */
const projectTagId = (projectId: string, tagId: string) =>
  `pt-${createHash('sha256').update(`${projectId}\u0000${tagId}`).digest('hex').slice(0, 32)}`

const excluded = (name: string) => sql.raw(`excluded."${name}"`)

export function createCatalogRepository(db: Database) {
  return {
    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ id: projects.id }).from(projects).limit(1)
      return row === undefined
    },

    /** Upserts the whole catalogue by id in one transaction, then recounts every tag's `num_apps`. */
    async save(content: CatalogContent): Promise<void> {
      await db.transaction(async (tx) => {
        const now = new Date()
        // An import announces the projects it adds (`project.created`), not the ones it rewrites.
        const announceNew = (await endpointsFor(tx, 'project.created')).length > 0
        let announced = 0
        for (const rows of batches(content.categories)) {
          await tx
            .insert(categories)
            .values(rows.map((row) => ({ ...row, updatedAt: now })))
            .onConflictDoUpdate({
              target: categories.id,
              set: { name: excluded('name'), description: excluded('description'), updatedAt: now },
            })
        }
        for (const rows of batches(content.tags)) {
          await tx
            .insert(tags)
            .values(rows.map((row) => ({ ...row, updatedAt: now })))
            .onConflictDoUpdate({
              target: tags.id,
              set: { name: excluded('name'), description: excluded('description'), updatedAt: now },
            })
        }
        for (const rows of batches(content.projects)) {
          const values = rows.map((project) => ({
            id: project.id,
            title: project.title,
            subtitle: project.subtitle,
            youtubeUrl: project.youtube_url,
            thumbnailUrl: project.thumbnail_url,
            problemSolved: project.problem_solved,
            author: project.author,
            projectLinks: JSON.stringify(project.project_links),
            demonstrationCases: JSON.stringify(project.demonstration_cases),
            categoryId: project.category_id,
            updatedAt: now,
          }))
          // Keys are the table's property names; each takes the value the insert proposed.
          const columns = {
            title: 'title',
            subtitle: 'subtitle',
            youtubeUrl: 'youtube_url',
            thumbnailUrl: 'thumbnail_url',
            problemSolved: 'problem_solved',
            author: 'author',
            projectLinks: 'project_links',
            demonstrationCases: 'demonstration_cases',
            categoryId: 'category_id',
          } satisfies Partial<Record<keyof typeof projects.$inferInsert, string>>
          const upsert = tx
            .insert(projects)
            .values(values)
            .onConflictDoUpdate({
              target: projects.id,
              set: {
                ...Object.fromEntries(Object.entries(columns).map(([key, name]) => [key, excluded(name)])),
                updatedAt: now,
              },
            })
          // `xmax = 0`: the row was inserted, not updated. The owner's webhooks hear of new projects; without
          // any, the realtime hubs hear of the first few (decision 077: a first load adds thousands).
          const written = await upsert.returning({ id: projects.id, inserted: sql<boolean>`(xmax = 0)` })
          const added = written.filter((row) => row.inserted).map((row) => row.id)
          if (added.length > 0 && announceNew) {
            const rows = await tx.select().from(projects).where(inArray(projects.id, added))
            await enqueueWebhookEvents(tx, 'project.created', rows.map(projectData))
          } else if (added.length > 0 && announced < REALTIME_IMPORT_ANNOUNCED) {
            const fresh = await tx
              .select()
              .from(projects)
              .where(inArray(projects.id, added.slice(0, REALTIME_IMPORT_ANNOUNCED - announced)))
            announced += fresh.length
            await announceRealtime(
              tx,
              fresh.map((row) => ({
                kind: 'webhook',
                type: 'project.created',
                data: projectData(row),
                at: announcedAt(now),
              })),
            )
          }
        }
        for (const rows of batches(content.projects)) {
          await tx.delete(projectTags).where(
            inArray(
              projectTags.projectId,
              rows.map((project) => project.id),
            ),
          )
        }
        const links = content.projects.flatMap((project) =>
          project.tag_ids.map((tagId) => ({
            id: projectTagId(project.id, tagId),
            projectId: project.id,
            tagId,
          })),
        )
        for (const rows of batches(links)) await tx.insert(projectTags).values(rows).onConflictDoNothing()
        await tx.execute(sql`
          UPDATE tags SET num_apps = counted.total, updated_at = now()
          FROM (SELECT t.id, count(pt.id)::int AS total FROM tags t LEFT JOIN project_tags pt ON pt.tag_id = t.id GROUP BY t.id) counted
          WHERE counted.id = tags.id AND tags.num_apps IS DISTINCT FROM counted.total`)
      })
      // Fresh planner statistics after a bulk load, so the first searches use the right indexes.
      await db.execute(sql`ANALYZE categories, tags, projects, project_tags`)
    },

    async thumbnailSubject(projectId: string) {
      const [row] = await db
        .select({ title: projects.title, categoryName: categories.name })
        .from(projects)
        .leftJoin(categories, eq(categories.id, projects.categoryId))
        .where(eq(projects.id, projectId))
        .limit(1)
      return row
    },
  }
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>
