import { AppwriteError } from '../platform/appwrite/errors'
import type { AdminContext } from './admin-context'
import {
  adminRequestSchema,
  describeRequestIssues,
  refused,
  type AdminRequest,
  type AdminResult,
} from './admin-request'
import { recordAuditEvent } from '../platform/audit/audit-log'
import { runAnalyticsCommand } from './analytics-commands'
import { runAutomationsCommand } from './automations-commands'
import { commandAuditEvent } from './command-audit'
import { runCatalogCommand } from './catalog-commands'
import { runOrdersCommand } from './orders-commands'
import { runSettingsCommand } from './settings-commands'
import { runStoreCommand } from './store-commands'
import { runStorefrontCommand } from './storefront-commands'
import { runUsersCommand } from './users-commands'

/**
 * Runs one admin command: the single entry point for the CLI on its own and for the running server's
 * admin socket, so both paths execute the same code. Refusals become messages; other failures too, with
 * no stack trace or SQL (the server logs those).
 */
export async function runAdminCommand(
  context: AdminContext,
  input: unknown,
  onUnexpected: (error: unknown) => void = () => undefined,
): Promise<AdminResult> {
  const parsed = adminRequestSchema.safeParse(input)
  if (!parsed.success) return refused(describeRequestIssues(parsed.error))
  const request = parsed.data
  try {
    const result = await runParsed(context, request)
    const event = result.exitCode === 0 ? commandAuditEvent(request, result.stdout) : null
    // Written after the change: one that fails is reported in the server's log, and the change stands.
    if (event) await recordAuditEvent(context.database.db, { source: 'cli' }, event).catch(onUnexpected)
    return result
  } catch (error) {
    if (error instanceof AppwriteError) return refused(`${error.message}\n`)
    // The database's own reason, not the failed query (whose parameters may hold a password hash).
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error
    onUnexpected(reason)
    return refused(`The command failed: ${reason instanceof Error ? reason.message : String(reason)}\n`)
  }
}

async function runParsed(context: AdminContext, request: AdminRequest): Promise<AdminResult> {
  switch (request.command) {
    case 'keys create':
    case 'keys list':
    case 'keys revoke':
    case 'webhooks add':
    case 'webhooks list':
    case 'webhooks remove':
    case 'webhooks test':
      return await runAutomationsCommand(context, request)
    case 'catalog import':
    case 'catalog export':
    case 'catalog stats':
      return await runCatalogCommand(context, request)
    case 'db migrate':
    case 'db backup':
    case 'db backups list':
    case 'db restore':
    case 'db copy-to':
    case 'demo seed':
      return await runStoreCommand(context, request)
    case 'orders list':
    case 'orders show':
    case 'orders grant':
    case 'orders grant-ignored':
    case 'orders refund':
    case 'orders export':
      return await runOrdersCommand(context, request)
    case 'settings show':
    case 'settings set':
    case 'settings unset':
      return await runSettingsCommand(context, request)
    case 'storefront export':
    case 'storefront import':
      return await runStorefrontCommand(context, request)
    case 'analytics campaigns list':
    case 'analytics campaigns add':
    case 'analytics campaigns remove':
      return await runAnalyticsCommand(context, request)
    default:
      return await runUsersCommand(context, request)
  }
}
