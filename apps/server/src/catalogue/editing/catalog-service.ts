import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import type { DatabaseHandle } from '../../platform/db/client'
import { said } from '../../platform/error-messages/error-message'
import { newId } from '../../platform/security/secrets'
import { catalogToCsv, catalogToJson } from './catalog-export'
import type { FileProblems } from './catalog-file-reader'
import { planCatalogImport, type PlannedProject } from './catalog-import-plan'
import { createCatalogRepository } from './catalog-repository'
import { createCatalogSnapshotRepository } from './catalog-snapshot-repository'
import { isStoredAs } from './stored-project'
import type { CatalogFileReading, SentCatalogRead } from './catalog-file-reading'

const BATCH = 1000

/** The problems the file worker found, said in the request's language where they are answered. */
const problemsOf = (read: SentCatalogRead): FileProblems => ({
  shown: read.problems.map(({ where, reason, spoken }) => ({ where, reason, said: said('spoken', spoken) })),
  count: read.problemCount,
})

/**
 * The store owner's catalogue operations: import and export files, statistics. Files are read (parsed,
 * every entry checked) in the file worker, off the main thread (decision 056).
 */
export function createCatalogService(database: DatabaseHandle, files: CatalogFileReading) {
  const snapshot = createCatalogSnapshotRepository(database.db)
  const catalog = createCatalogRepository(database.db)

  /** Tags of stored projects that the file says nothing about stay as they are. */
  async function storedTagIds(projectIds: string[]) {
    const byProject = new Map<string, string[]>()
    for (let start = 0; start < projectIds.length; start += BATCH) {
      for (const link of await snapshot.links(projectIds.slice(start, start + BATCH)))
        byProject.set(link.projectId, [...(byProject.get(link.projectId) ?? []), link.tagId])
    }
    return byProject
  }

  /** How many planned projects are stored exactly so, their tags included (when the file gives them). */
  async function unchangedProjects(planned: PlannedProject[]): Promise<number> {
    let unchanged = 0
    for (let start = 0; start < planned.length; start += BATCH) {
      const slice = planned.slice(start, start + BATCH)
      const ids = slice.map((project) => project.id)
      const [rows, tagIds] = await Promise.all([snapshot.projectsById(ids), storedTagIds(ids)])
      const stored = new Map(rows.map((row) => [row.id, row]))
      for (const project of slice) {
        const row = stored.get(project.id)
        if (row && isStoredAs(project, row, tagIds.get(project.id) ?? [])) unchanged += 1
      }
    }
    return unchanged
  }

  return {
    /** A catalogue file's text, read in the file worker, for `import`. */
    readFile: (content: string, format: CatalogFileFormat) => files.catalogFile(content, format),

    /**
     * All or nothing: any problem imports nothing (the first `PROBLEMS_SHOWN` are told, all are
     * counted); otherwise one transaction writes it all.
     */
    async import(read: SentCatalogRead, options: { dryRun: boolean }) {
      if (read.problemCount > 0) return { ok: false as const, problems: problemsOf(read) }
      const [categories, tags, projects] = await Promise.all([
        snapshot.categories(),
        snapshot.tags(),
        snapshot.projectKeys(),
      ])
      const plan = await planCatalogImport(read.file, { categories, tags, projects }, newId)
      if (plan.problems.count > 0) return { ok: false as const, problems: plan.problems }
      const unchanged = await unchangedProjects(plan.projects)
      if (!options.dryRun) {
        const kept = await storedTagIds(plan.keepingTheirTags)
        await catalog.save({
          categories: plan.categories,
          tags: plan.tags,
          projects: plan.projects.map((project) => ({
            ...project,
            tag_ids: project.tag_ids ?? kept.get(project.id) ?? [],
          })),
        })
      }
      const counted = plan.summary.projects
      return {
        ok: true as const,
        summary: {
          ...plan.summary,
          projects: { ...counted, updated: counted.updated - unchanged, unchanged },
        },
      }
    },

    async export(format: CatalogFileFormat): Promise<{ text: string; projects: number }> {
      const [categories, tags, projects, links] = await Promise.all([
        snapshot.categories(),
        snapshot.tags(),
        snapshot.projects(),
        snapshot.links(),
      ])
      const content = { categories, tags, projects, links }
      return {
        text: format === 'json' ? catalogToJson(content) : catalogToCsv(content),
        projects: projects.length,
      }
    },

    async stats() {
      const [counts, tags] = await Promise.all([snapshot.counts(), snapshot.tags()])
      const topTags = [...tags]
        .sort((a, b) => b.numApps - a.numApps)
        .slice(0, 5)
        .map((tag) => ({ name: tag.name, projects: tag.numApps }))
      return { ...counts, topTags }
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
