import { z } from 'zod'
import type { AppwriteError } from '../appwrite/errors'
import { bodyParams, requiredParam } from '../appwrite/params'
import { said } from '../error-messages/error-message'

/**
 * The body of a console route that takes a file as text (catalogue import, bulk invite): its name, its
 * text and whether it is only checked (`dryRun`); `params` for the route's own extra fields.
 */
export function readFileUpload(body: unknown, contentSchema: z.ZodType<string> = z.string().min(1)) {
  const params = bodyParams(body)
  return {
    params,
    fileName: requiredParam(params, 'fileName', z.string().min(1).max(4096), said('fileNameReason')),
    content: requiredParam(params, 'content', contentSchema, said('fileTextReason')),
    dryRun: requiredParam(params, 'dryRun', z.boolean(), said('booleanReason')),
  }
}

/**
 * Applying a file (not checking it) runs one at a time in this process, so a double click cannot apply it
 * twice; `busy` is the refusal for a second one. Dry runs only read and are never refused. The file is
 * read (in the file worker) before the request knows whether it is a dry run, so a request takes its
 * turn as it arrives (`arrived()`) and is refused if another apply began since or still runs.
 */
export function oneApplyAtATime(busy: () => AppwriteError) {
  let applying = false
  let begun = 0
  return {
    arrived() {
      const begunBefore = begun
      return async <T>(dryRun: boolean, work: () => Promise<T>): Promise<T> => {
        if (dryRun) return work()
        if (applying || begun !== begunBefore) throw busy()
        applying = true
        begun++
        try {
          return await work()
        } finally {
          applying = false
        }
      }
    },
  }
}
