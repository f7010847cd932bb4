import { z } from 'zod'
import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import { endpoint } from '../../../lib/backend'
import { consoleRequest } from '../../../lib/console/console-request'

const countsSchema = z.object({ added: z.number(), updated: z.number() }).catchall(z.number())

const importReportSchema = z.object({
  valid: z.boolean(),
  applied: z.boolean(),
  format: z.enum(['json', 'csv']),
  summary: z.object({ categories: countsSchema, tags: countsSchema, projects: countsSchema }).nullable(),
  /**
   * The first problems (100 at most: decision 056); `problemCount` counts them all. `where` and `reason`
   * are English, as the CLI prints them; `message` is both in the page's language (decision 066).
   */
  problems: z.array(z.object({ where: z.string(), reason: z.string(), message: z.string() })),
  problemCount: z.number().int().nonnegative(),
})
export type ImportReport = z.infer<typeof importReportSchema>

/** A catalogue file checked (`dryRun`) or applied by the server, all or nothing (decision 038). */
export const importCatalogue = (fileName: string, content: string, dryRun: boolean) =>
  consoleRequest('POST', '/store/catalog/import', importReportSchema, { fileName, content, dryRun })

/** The catalogue as a file to download (the session cookie goes with the link). */
export const exportAddress = (format: CatalogFileFormat) =>
  `${endpoint}/store/catalog/export?format=${format}`
