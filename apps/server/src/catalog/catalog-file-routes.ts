import { catalogFileFormatSchema } from '@pg/shared/catalog-file'
import type { Member } from '../account/account-service'
import { consoleActor } from '../account/admin-access'
import { AppwriteError, invalidParam } from '../appwrite/errors'
import { said } from '../error-messages/error-message'
import { optionalParam, queryParams } from '../appwrite/params'
import { recordAuditEvent } from '../audit/audit-log'
import type { Database } from '../db/client'
import { oneApplyAtATime, readFileUpload } from '../http/file-upload'
import type { RouteDefinition } from '../http/route-table'
import { detectCatalogFormat, type CatalogService } from './catalog-service'

/** A catalogue file of 10,000 projects is about 15 MB of JSON. */
export const CATALOG_FILE_BODY_LIMIT = 32 * 1024 * 1024
const FORMAT_REASON = said('formatReason')

/**
 * The owner's console loads and saves catalogue files as the admin CLI does (decision 038): the same
 * service, all or nothing, with a dry run that reports what would change and every problem with its place.
 */
export function catalogFileRoutes(
  catalog: CatalogService,
  db: Database,
  /** Called after an import is written: this process reads the catalogue version again at once. */
  changed: () => void = () => undefined,
): RouteDefinition<Member>[] {
  // One at a time in this process; two instances' imports are each one transaction.
  const applyOnce = oneApplyAtATime(() => new AppwriteError('catalog_import_running'))
  return [
    {
      method: 'POST',
      url: '/v1/store/catalog/import',
      access: 'admin',
      bodyLimit: CATALOG_FILE_BODY_LIMIT,
      handler: async ({ request, member }) => {
        const { params, fileName, content, dryRun } = readFileUpload(request.body)
        const format =
          optionalParam(params, 'format', catalogFileFormatSchema, FORMAT_REASON) ??
          detectCatalogFormat(fileName, content)
        return applyOnce(dryRun, async () => {
          const result = await catalog.import(content, format, { dryRun })
          if (!result.ok) {
            if (dryRun) {
              const problems = result.problems.map(({ where, reason }) => ({ where, reason }))
              return { valid: false, applied: false, format, summary: null, problems }
            }
            const shown = result.problems.slice(0, 10).map((problem) => problem.said)
            throw invalidParam(
              'content',
              said('catalogImportRefused', { count: result.problems.length, problems: shown }),
            )
          }
          if (!dryRun) changed()
          if (!dryRun)
            await recordAuditEvent(db, consoleActor(member), {
              action: 'catalog import',
              subject: fileName,
              after: { format, summary: result.summary },
            })
          return { valid: true, applied: !dryRun, format, summary: result.summary, problems: [] }
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
