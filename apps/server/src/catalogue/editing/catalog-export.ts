import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from '@pg/shared/catalog-file'
import { demonstrationCasesSchema, projectLinksSchema } from '@pg/shared/catalog'
import type { z } from 'zod'
import { formatCsv, joinList } from '../../platform/lib/csv'
import type { ProjectRow } from './catalog-snapshot-repository'

export interface CatalogSnapshot {
  categories: { id: string; name: string; description: string }[]
  tags: { id: string; name: string; description: string; numApps: number }[]
  projects: ProjectRow[]
  links: { projectId: string; tagId: string }[]
}

/** Stored as JSON text (seed-spec section 3); anything unreadable exports as an empty list. */
function storedList<T>(text: string, schema: z.ZodType<T[]>): T[] {
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

function tagIdsByProject(links: CatalogSnapshot['links']) {
  const byProject = new Map<string, string[]>()
  for (const link of links)
    byProject.set(link.projectId, [...(byProject.get(link.projectId) ?? []), link.tagId])
  return byProject
}

/** The whole catalogue as `{categories, tags, projects}`, which `catalog import` reads back unchanged. */
export function catalogToJson(snapshot: CatalogSnapshot): string {
  const tagIds = tagIdsByProject(snapshot.links)
  const content = {
    categories: snapshot.categories,
    tags: snapshot.tags.map(({ numApps, ...tag }) => ({ ...tag, num_apps: numApps })),
    projects: snapshot.projects.map((project) => ({
      id: project.id,
      title: project.title,
      subtitle: project.subtitle,
      author: project.author,
      category_id: project.categoryId,
      tag_ids: tagIds.get(project.id) ?? [],
      youtube_url: project.youtubeUrl,
      thumbnail_url: project.thumbnailUrl,
      problem_solved: project.problemSolved,
      project_links: storedList(project.projectLinks, projectLinksSchema),
      demonstration_cases: storedList(project.demonstrationCases, demonstrationCasesSchema),
    })),
  }
  return `${JSON.stringify(content, null, 2)}\n`
}

/** One project per row with its category and tags by id and name (their descriptions travel in JSON only). */
export function catalogToCsv(snapshot: CatalogSnapshot): string {
  const tagIds = tagIdsByProject(snapshot.links)
  const categoryNames = new Map(snapshot.categories.map((category) => [category.id, category.name]))
  const tagNames = new Map(snapshot.tags.map((tag) => [tag.id, tag.name]))
  const rows = snapshot.projects.map((project) => {
    const ids = tagIds.get(project.id) ?? []
    const cells: Record<CatalogCsvColumn, string> = {
      id: project.id,
      title: project.title,
      subtitle: project.subtitle ?? '',
      author: project.author ?? '',
      category: project.categoryId ? (categoryNames.get(project.categoryId) ?? '') : '',
      category_id: project.categoryId ?? '',
      tags: joinList(ids.map((id) => tagNames.get(id) ?? '')),
      tag_ids: joinList(ids),
      youtube_url: project.youtubeUrl ?? '',
      thumbnail_url: project.thumbnailUrl ?? '',
      problem_solved: project.problemSolved ?? '',
      links: joinList(
        storedList(project.projectLinks, projectLinksSchema).flatMap((link) => [link.title, link.url]),
      ),
      demonstration_cases: joinList(storedList(project.demonstrationCases, demonstrationCasesSchema)),
    }
    return CATALOG_CSV_COLUMNS.map((column) => cells[column])
  })
  return formatCsv([[...CATALOG_CSV_COLUMNS], ...rows])
}
