import { foldText } from '@pg/shared/search-text'
import type { DemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { createIndexBuilder, type ProjectIndex } from '../../src/catalogue/search/project-index'

/**
 * The search index of demo projects as the server builds it from their rows (without cards): `$sequence`
 * and `$createdAt` in the projects' order, titles ranked by `titleRank` (by default all equal).
 */
export function buildDemoIndex(
  catalog: DemoCatalog,
  options: { version?: string; projects?: DemoCatalog['projects']; titleRank?: Int32Array } = {},
): Promise<ProjectIndex> {
  const projects = options.projects ?? catalog.projects
  const tagNames = new Map(catalog.tags.map((tag) => [tag.id, tag.name]))
  const builder = createIndexBuilder()
  projects.forEach((project, position) =>
    builder.add({
      sequence: position + 1,
      id: project.id,
      title: project.title,
      titleFolded: foldText(project.title),
      author: project.author,
      subtitle: project.subtitle,
      tagNames: project.tag_ids.map((id) => tagNames.get(id) ?? '').join('\n'),
      createdAt: position,
    }),
  )
  return builder.finish(options.version ?? 'test', options.titleRank ?? new Int32Array(projects.length))
}
