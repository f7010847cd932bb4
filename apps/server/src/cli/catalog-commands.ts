import { detectCatalogFormat } from '../catalogue/editing/catalog-file-reader'
import type { ImportCounts } from '../catalogue/editing/catalog-import-plan'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminRequest, type AdminResult } from './admin-request'

type CatalogRequest = Extract<AdminRequest, { command: `catalog ${string}` }>

const counted = (total: number, noun: string, nouns = `${noun}s`) => `${total} ${total === 1 ? noun : nouns}`
const changes = (counts: ImportCounts, noun: string, nouns?: string) =>
  `${counted(counts.added + counts.updated + counts.unchanged, noun, nouns)} ` +
  `(${counts.added} new, ${counts.updated} updated, ${counts.unchanged} unchanged)`

export async function runCatalogCommand(
  { catalog }: AdminContext,
  request: CatalogRequest,
): Promise<AdminResult> {
  switch (request.command) {
    case 'catalog import': {
      const format = request.format ?? detectCatalogFormat(request.fileName, request.content)
      const read = await catalog.readFile(request.content, format)
      const result = await catalog.import(read, { dryRun: request.dryRun })
      const file = `${request.fileName} (${format.toUpperCase()})`
      if (!result.ok) {
        const { shown, count } = result.problems
        // The first problems (PROBLEMS_SHOWN) are listed, as the console does: the rest are counted.
        return refused(
          `${file}: ${counted(count, 'problem')}; nothing was imported:\n` +
            shown.map((problem) => `  ${problem.where}: ${problem.reason}\n`).join('') +
            (count > shown.length ? `  … and ${count - shown.length} more\n` : ''),
        )
      }
      const { summary } = result
      return done(
        `${file}: ${changes(summary.projects, 'project')}, ${changes(summary.categories, 'category', 'categories')}, ` +
          `${changes(summary.tags, 'tag')}.\n` +
          (request.dryRun
            ? 'Dry run: the file is valid; nothing was written.\n'
            : 'Imported in one transaction; tag counts (num_apps) recomputed.\n'),
      )
    }
    case 'catalog export':
      return done((await catalog.export(request.format)).text)
    case 'catalog stats': {
      const stats = await catalog.stats()
      if (request.json) return done(`${JSON.stringify(stats, null, 2)}\n`)
      return done(
        [
          `Projects:          ${stats.projects} (${stats.uncategorizedProjects} without a category)`,
          `Categories:        ${stats.categories}`,
          `Tags:              ${stats.tags}`,
          `Project-tag links: ${stats.projectTags}`,
          `Members:           ${stats.members} (${stats.enabledMembers} enabled)`,
          `Most used tags:    ${stats.topTags.map((tag) => `${tag.name} (${tag.projects})`).join(', ') || '—'}`,
          '',
        ].join('\n'),
      )
    }
  }
}
