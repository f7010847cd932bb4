import { detectCatalogFormat } from '../catalog/catalog-service'
import type { ImportCounts } from '../catalog/catalog-import-plan'
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
      const result = await catalog.import(request.content, format, { dryRun: request.dryRun })
      const file = `${request.fileName} (${format.toUpperCase()})`
      if (!result.ok) {
        return refused(
          `${file}: ${counted(result.problems.length, 'problem')}; nothing was imported:\n` +
            result.problems.map((problem) => `  ${problem.where}: ${problem.reason}\n`).join(''),
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
