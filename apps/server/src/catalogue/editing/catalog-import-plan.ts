import type { Category, Project, Tag } from '@pg/shared/catalog'
import type { ImportedCategory, ImportedProject, ImportedTag } from '@pg/shared/catalog-file'
import { collectProblems, type CatalogFile } from './catalog-file-reader'
import { said } from '../../platform/error-messages/error-message'

export interface ExistingCatalog {
  categories: Category[]
  tags: Tag[]
  /** In the catalogue's order. */
  projects: Pick<Project, 'id' | 'title' | 'author'>[]
}

/** A project to save; `tag_ids` is undefined when the file says nothing of its tags (they stay as they are). */
export type PlannedProject = Omit<Project, 'tag_ids'> & { tag_ids: string[] | undefined }

export interface ImportCounts {
  added: number
  /** Stored entries the file changes. */
  updated: number
  /** Stored entries the file names with nothing different (a file imported again). */
  unchanged: number
}

/**
 * Categories or tags by id and by name. An entry with an id is upserted by id; without one it is the
 * existing entry of that name, or a new one with a generated id.
 */
function createRegistry(existing: (Category | Tag)[], newId: () => string) {
  const byId = new Map(existing.map((item) => [item.id, { ...item }]))
  const stored = new Map(existing.map((item) => [item.id, item]))
  const byName = new Map<string, string>()
  for (const item of existing)
    if (!byName.has(item.name.toLowerCase())) byName.set(item.name.toLowerCase(), item.id)
  const existingIds = new Set(byId.keys())
  const written = new Set<string>()

  function upsert(entry: { id?: string; name: string; description?: string }): string {
    const id = entry.id ?? byName.get(entry.name.toLowerCase()) ?? newId()
    const current = byId.get(id)
    const next = {
      id,
      name: entry.id || !current ? entry.name : current.name,
      description: entry.description ?? current?.description ?? '',
    }
    byId.set(id, next)
    if (!byName.has(next.name.toLowerCase())) byName.set(next.name.toLowerCase(), id)
    written.add(id)
    return id
  }

  return {
    upsert,
    /** Text naming an id, else a name, else a new entry by that name. */
    reference: (text: string) =>
      byId.has(text) ? text : (byName.get(text.toLowerCase()) ?? upsert({ name: text })),
    has: (id: string) => byId.has(id),
    written: () => [...written].flatMap((id) => byId.get(id) ?? []),
    counts: (): ImportCounts => {
      const added = [...written].filter((id) => !existingIds.has(id)).length
      const unchanged = [...written].filter((id) => {
        const before = stored.get(id)
        const after = byId.get(id)
        return before && after && before.name === after.name && before.description === after.description
      }).length
      return { added, updated: written.size - added - unchanged, unchanged }
    },
  }
}

type Registry = ReturnType<typeof createRegistry>

const projectKey = (project: { title: string; author?: string | null }) =>
  `${project.title.trim().toLowerCase()}\u0000${(project.author ?? '').trim().toLowerCase()}`

/**
 * Ids for the file's projects without one: the stored project with the same title and author (ignoring
 * case), so importing a file again updates what it added before instead of adding it twice; with
 * several such projects, the n-th row of that title and author is the n-th of them. A new id otherwise.
 * Ids the file gives explicitly are never handed to another row.
 */
function createProjectMatcher(file: CatalogFile, existing: ExistingCatalog['projects'], newId: () => string) {
  const claimed = new Set(file.projects.flatMap(({ value }) => value.id ?? []))
  const unclaimed = new Map<string, string[]>()
  for (const project of existing) {
    if (claimed.has(project.id)) continue
    const key = projectKey(project)
    const ids = unclaimed.get(key)
    if (ids) ids.push(project.id)
    else unclaimed.set(key, [project.id])
  }
  return (project: ImportedProject) => project.id ?? unclaimed.get(projectKey(project))?.shift() ?? newId()
}

/** Entries planned between two turns of the event loop (decision 056). */
const ENTRIES_PER_TURN = 500
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Resolves a validated file against the catalogue already stored: what to write, what it changes, and
 * every reference that cannot be resolved (the first `PROBLEMS_SHOWN` worded, all counted). It gives
 * the event loop a turn every `ENTRIES_PER_TURN` entries: planning 10,000 projects at once held the
 * server 60–230 ms on a busy two-core machine.
 */
export async function planCatalogImport(file: CatalogFile, existing: ExistingCatalog, newId: () => string) {
  let entries = 0
  const turn = async () => {
    if (++entries % ENTRIES_PER_TURN === 0) await nextTurn()
  }
  const problems = collectProblems()
  const categories = createRegistry(existing.categories, newId)
  const tags = createRegistry(existing.tags, newId)
  const projectId = createProjectMatcher(file, existing.projects, newId)
  const existingProjectIds = new Set(existing.projects.map((project) => project.id))
  const known = (registry: Registry, id: string, where: string, what: 'category' | 'tag') => {
    if (registry.has(id)) return true
    problems.add(where, said('unknownReference', { what, id }))
    return false
  }
  const seen = new Map<string, string>()
  const firstUse = (kind: 'category' | 'tag' | 'project', id: string | undefined, where: string) => {
    if (id === undefined) return
    const key = `${kind}:${id}`
    const earlier = seen.get(key)
    if (earlier)
      problems.add(
        where,
        said('idUsedTwice', { what: kind, id, earlier: said('filePlace', { where: earlier }) }),
      )
    else seen.set(key, where)
  }

  for (const { where, value } of file.categories) {
    await turn()
    firstUse('category', value.id, where)
    categories.upsert(value)
  }
  for (const { where, value } of file.tags) {
    await turn()
    firstUse('tag', value.id, where)
    tags.upsert(value)
  }

  const projects = new Map<string, PlannedProject>()
  for (const { where, value } of file.projects) {
    await turn()
    const id = projectId(value)
    firstUse('project', value.id, where)
    projects.set(id, {
      id,
      title: value.title,
      subtitle: value.subtitle ?? null,
      youtube_url: value.youtube_url ?? null,
      thumbnail_url: value.thumbnail_url ?? null,
      problem_solved: value.problem_solved ?? null,
      author: value.author ?? null,
      project_links: value.project_links ?? [],
      demonstration_cases: value.demonstration_cases ?? [],
      category_id: categoryOf(value, where),
      tag_ids: tagsOf(value, where),
    })
  }

  function categoryOf(project: ImportedProject, where: string): string | null {
    const { category, category_id: categoryId } = project
    if (categoryId) {
      if (typeof category === 'string') return categories.upsert({ id: categoryId, name: category })
      if (category) {
        if (category.id && category.id !== categoryId) {
          problems.add(`${where}.category`, said('categoryIdDiffers', { id: category.id }))
          return null
        }
        return categories.upsert({ ...category, id: categoryId })
      }
      return known(categories, categoryId, `${where}.category_id`, 'category') ? categoryId : null
    }
    if (typeof category === 'string') return categories.reference(category)
    return category ? categories.upsert(category satisfies ImportedCategory) : null
  }

  function tagsOf(project: ImportedProject, where: string): string[] | undefined {
    if (project.tags === undefined && project.tag_ids === undefined) return undefined
    const ids = (project.tag_ids ?? []).filter((id) => known(tags, id, `${where}.tag_ids`, 'tag'))
    for (const tag of project.tags ?? [])
      ids.push(typeof tag === 'string' ? tags.reference(tag) : tags.upsert(tag satisfies ImportedTag))
    return [...new Set(ids)]
  }

  for (const { where, value } of file.projectTags) {
    await turn()
    const project = projects.get(value.project_id)
    if (!project) {
      problems.add(`${where}.project_id`, said('projectNotInFile', { id: value.project_id }))
      continue
    }
    if (!known(tags, value.tag_id, `${where}.tag_id`, 'tag')) continue
    project.tag_ids = [...new Set([...(project.tag_ids ?? []), value.tag_id])]
  }

  const planned = [...projects.values()]
  if (planned.length + file.categories.length + file.tags.length === 0) {
    problems.add('file', said('fileWithoutCatalogue'))
  }
  const stored = planned.filter((project) => existingProjectIds.has(project.id))
  const projectsAdded = planned.length - stored.length
  return {
    problems: { shown: problems.shown, count: problems.count },
    categories: categories.written(),
    tags: tags.written(),
    projects: planned,
    /** Stored projects the file says nothing of the tags of: they keep the tags they have. */
    keepingTheirTags: stored.filter((project) => project.tag_ids === undefined).map((project) => project.id),
    summary: {
      categories: categories.counts(),
      tags: tags.counts(),
      // Which stored projects the file leaves as they are needs their rows: catalog-service.ts counts them.
      projects: { added: projectsAdded, updated: planned.length - projectsAdded, unchanged: 0 },
    },
  }
}

export type CatalogImportPlan = Awaited<ReturnType<typeof planCatalogImport>>
