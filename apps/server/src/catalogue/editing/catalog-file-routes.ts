import { catalogFileFormatSchema } from '@pg/shared/catalog-file'
import type { SignedIn } from '../../platform/http/signed-in'
import { consoleActor } from '../../platform/http/admin-routes'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said, say } from '../../platform/error-messages/error-message'
import { requestLanguage } from '../../platform/error-messages/request-language'
import { optionalParam, queryParams } from '../../platform/appwrite/params'
import { recordAuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import type { CatalogFileReading } from './catalog-file-reading'
import { oneApplyAtATime } from '../../platform/http/file-upload'
import type { RouteDefinition } from '../../platform/http/route-table'
import type { CatalogService } from './catalog-service'

/** A catalogue file of 10,000 projects is about 15 MB of JSON. */
export const CATALOG_FILE_BODY_LIMIT = 32 * 1024 * 1024
const FORMAT_REASON = said('formatReason')

/**
 * The owner's console loads and saves catalogue files as the admin CLI does (decision 038): the same
 * service, all or nothing, with a dry run that reports what would change, or the first problems with
 * their place and how many there are (decision 056).
 */
export function catalogFileRoutes(
  catalog: CatalogService,
  files: CatalogFileReading,
  db: Database,
  /** Called after an import is written: this process reads the catalogue version again at once. */
  changed: () => void = () => undefined,
): RouteDefinition<SignedIn>[] {
  // One at a time in this process; two instances' imports are each one transaction.
  const applies = oneApplyAtATime(() => new AppwriteError('catalog_import_running'))
  return [
    {
      method: 'POST',
      url: '/v1/store/catalog/import',
      access: 'admin',
      // Read as bytes; the body is parsed and the file read in the file worker.
      fileBodyLimit: CATALOG_FILE_BODY_LIMIT,
      handler: async ({ request, member }) => {
        const applyOnce = applies.arrived()
        const { fileName, dryRun, format, read } = await files.catalogUpload(request.body)
        return applyOnce(dryRun, async () => {
          const result = await catalog.import(read, { dryRun })
          if (!result.ok) {
            const { shown, count } = result.problems
            if (dryRun) {
              // `where` and `reason` in English as the CLI prints them; `message`, both in the console's
              // language (decision 066).
              const language = requestLanguage(request.headers)
              const problems = shown.map((problem) => ({
                where: problem.where,
                reason: problem.reason,
                message: say(problem.said, language),
              }))
              return { valid: false, applied: false, format, summary: null, problems, problemCount: count }
            }
            const first = shown.slice(0, 10).map((problem) => problem.said)
            throw invalidParam('content', said('catalogImportRefused', { count, problems: first }))
          }
          if (!dryRun) changed()
          if (!dryRun)
            await recordAuditEvent(db, consoleActor(member), {
              action: 'catalog import',
              subject: fileName,
              after: { format, summary: result.summary },
            })
          return {
            valid: true,
            applied: !dryRun,
            format,
            summary: result.summary,
            problems: [],
            problemCount: 0,
          }
        })
      },
    },
    {
      method: 'GET',
      url: '/v1/store/catalog/export',
      access: 'admin',
      handler: async ({ request, reply }) => {
        const query = queryParams(request)
        const format = optionalParam(query, 'format', catalogFileFormatSchema, FORMAT_REASON) ?? 'json'
        const { text } = await catalog.export(format)
        const day = new Date().toISOString().slice(0, 10)
        return reply
          .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="catalogo-${day}.${format}"`)
          .send(text)
      },
    },
  ]
}
