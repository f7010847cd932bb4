import { asc, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { categories, projects, projectTags, tags, users } from '../../platform/db/schema'

export type ProjectRow = typeof projects.$inferSelect

/** Reads the whole catalogue, in the order it was loaded, for exports, imports and statistics. */
export function createCatalogSnapshotRepository(db: Database) {
  return {
    categories: () =>
      db
        .select({ id: categories.id, name: categories.name, description: categories.description })
        .from(categories)
        .orderBy(asc(categories.sequence)),

    tags: () =>
      db
        .select({ id: tags.id, name: tags.name, description: tags.description, numApps: tags.numApps })
        .from(tags)
        .orderBy(asc(tags.sequence)),

    projects: (): Promise<ProjectRow[]> => db.select().from(projects).orderBy(asc(projects.sequence)),

    /** The stored rows of these projects. */
    projectsById: (ids: string[]): Promise<ProjectRow[]> =>
      db.select().from(projects).where(inArray(projects.id, ids)),

    /** Each project's id, title and author, in the catalogue's order (what an id-less row is matched by). */
    projectKeys: () =>
      db
        .select({ id: projects.id, title: projects.title, author: projects.author })
        .from(projects)
        .orderBy(asc(projects.sequence)),

    /** Project-tag links in the order they were made (a project's tags keep their order). */
    links: (projectIds?: string[]) =>
      db
        .select({ projectId: projectTags.projectId, tagId: projectTags.tagId })
        .from(projectTags)
        .where(projectIds ? inArray(projectTags.projectId, projectIds) : undefined)
        .orderBy(asc(projectTags.sequence)),

    async counts() {
      const count = sql<number>`count(*)::int`
      const [[projectCount], [categoryCount], [tagCount], [linkCount], [uncategorized], [members]] =
        await Promise.all([
          db.select({ count }).from(projects),
          db.select({ count }).from(categories),
          db.select({ count }).from(tags),
          db.select({ count }).from(projectTags),
          db
            .select({ count })
            .from(projects)
            .where(sql`${projects.categoryId} IS NULL`),
          db
            .select({ count, enabled: sql<number>`count(*) FILTER (WHERE ${users.enabled})::int` })
            .from(users),
        ])
      return {
        projects: projectCount?.count ?? 0,
        categories: categoryCount?.count ?? 0,
        tags: tagCount?.count ?? 0,
        projectTags: linkCount?.count ?? 0,
        uncategorizedProjects: uncategorized?.count ?? 0,
        members: members?.count ?? 0,
        enabledMembers: members?.enabled ?? 0,
      }
    },
  }
}

export type CatalogSnapshotRepository = ReturnType<typeof createCatalogSnapshotRepository>
