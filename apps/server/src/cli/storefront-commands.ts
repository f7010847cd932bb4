import { say } from '../platform/error-messages/error-message'
import { StorefrontRefusal } from '../storefront/storefront-validation'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminRequest, type AdminResult } from './admin-request'

type StorefrontRequest = Extract<AdminRequest, { command: `storefront ${string}` }>

/**
 * `storefront export` and `storefront import` (issue 41): the published content as JSON, and a content
 * from a file checked as the console checks a draft and published as the next version (audited as
 * `storefront.import` in its own transaction), or only checked with `--dry-run`.
 */
export async function runStorefrontCommand(
  { storefront }: AdminContext,
  request: StorefrontRequest,
): Promise<AdminResult> {
  if (request.command === 'storefront export')
    return done(`${JSON.stringify(await storefront.exportContent(), null, 2)}\n`)
  let content: unknown
  try {
    content = JSON.parse(request.content)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return refused(`${request.fileName}: not valid JSON (${reason}); nothing was changed.\n`)
  }
  try {
    const version = await storefront.importContent(content, { source: 'cli' }, request.dryRun)
    if (!version) return done(`${request.fileName}: a valid storefront. Dry run: nothing was changed.\n`)
    const changed =
      version.changed.length === 0 ? 'nothing changed' : `changed: ${version.changed.join(', ')}`
    return done(`${request.fileName}: published as version ${version.number} (${changed}).\n`)
  } catch (error) {
    if (!(error instanceof StorefrontRefusal)) throw error
    const more = error.count - error.problems.length
    return refused(
      `${request.fileName}: ${error.count} problem${error.count === 1 ? '' : 's'}; nothing was changed:\n` +
        error.problems
          .map((problem) => `  ${problem.path || '(the whole content)'}: ${say(problem.message, 'en')}\n`)
          .join('') +
        (more > 0 ? `  … and ${more} more\n` : ''),
    )
  }
}
