import { setTimeout as sleep } from 'node:timers/promises'
import type { Config } from '../config'
import { openDatabase } from '../db/client'
import { DatabaseInUseError } from '../db/embedded-lock'
import { createConfiguredMailer } from '../mail/configured-mailer'
import { AdminChannelUnavailable, sendToAdminChannel } from './admin-channel'
import { createAdminContext, storeOrigin } from './admin-context'
import { refused, type AdminRequest, type AdminResult } from './admin-request'
import { runAdminCommand } from './run-admin-command'

/** How long to wait for a server that holds the embedded database but has not opened its socket yet. */
const WAIT_FOR_SERVER_MS = 30_000

/** Opens the database itself (migrating it first, as the server does at start) and runs the command. */
async function runOnDatabase(config: Config, request: AdminRequest, note: (line: string) => void) {
  const database = await openDatabase(config)
  try {
    await database.migrate()
    const mailer = createConfiguredMailer(config, (fields) =>
      note(
        `Email to ${fields.to} written to ${fields.file}${fields.link ? `\n  link: ${fields.link}` : ''}\n`,
      ),
    )
    return await runAdminCommand(
      createAdminContext({ database, mailer, webOrigin: storeOrigin(config) }),
      request,
    )
  } finally {
    await database.close()
  }
}

/**
 * Where a command runs (decision 007): with PostgreSQL, on the database directly; with the embedded
 * database, directly when no process holds it, else through the admin socket of the server that does.
 */
export async function routeAdminRequest(
  config: Config,
  request: AdminRequest,
  note: (line: string) => void,
): Promise<AdminResult> {
  if (config.databaseUrl) return runOnDatabase(config, request, note)
  const deadline = Date.now() + WAIT_FOR_SERVER_MS
  let holder: string | undefined
  for (;;) {
    try {
      return await runOnDatabase(config, request, note)
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error
      holder = error.message
    }
    try {
      const result = await sendToAdminChannel(config.dataDir, request)
      note('(run by the server that has the embedded database open)\n')
      return result
    } catch (error) {
      if (!(error instanceof AdminChannelUnavailable)) throw error
    }
    if (Date.now() > deadline) {
      return refused(
        `${holder ?? ''}\nIt does not answer on its admin socket: it may still be starting, or be another admin command. Try again in a moment.\n`,
      )
    }
    await sleep(500)
  }
}
