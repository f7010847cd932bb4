/** A generated catalogue as the search index's builder reads it. */
interface GeneratedCatalog {
  tags: readonly { id: string; name: string }[]
  projects: readonly {
    id: string
    title: string
    author: string | null
    subtitle: string | null
    tag_ids: readonly string[]
  }[]
}

/**
 * The rows the index is built from, as the server reads them: tag names joined by lines, a minute between
 * creations, the title folded by `fold` (the database's own fold, unaccent and lower, gives the same for
 * these titles). `fold` is passed in so another checkout's can be used (bench/lib/search-varied-run.ts).
 */
export function indexedProjects(catalog: GeneratedCatalog, fold: (text: string) => string) {
  const tagNames = new Map(catalog.tags.map((tag) => [tag.id, tag.name]))
  return catalog.projects.map((project, position) => ({
    sequence: position + 1,
    id: project.id,
    title: project.title,
    titleFolded: fold(project.title),
    author: project.author,
    subtitle: project.subtitle,
    tagNames: project.tag_ids.map((id) => tagNames.get(id) ?? '').join('\n'),
    createdAt: Date.UTC(2025, 0, 1) + position * 60_000,
  }))
}
