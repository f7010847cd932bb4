import { setTimeout as sleep } from 'node:timers/promises'
import type { Config } from '../platform/config'
import { openDatabase } from '../platform/db/client'
import { DatabaseInUseError } from '../platform/db/embedded-lock'
import { createConfiguredMailer } from '../mail/configured-mailer'
import { AdminChannelUnavailable, sendToAdminChannel } from './admin-channel'
import { createStoreOrigin } from '../platform/http/store-origin'
import { createAdminContext } from './admin-context'
import { refused, type AdminRequest, type AdminResult } from './admin-request'
import { runListBackupsCommand, runRestoreCommand } from './backup-commands'
import { createOffsiteBackups } from '../operations/offsite-backups/offsite-backups'
import { copyStoreDatabase } from './copy-commands'
import { runAdminCommand } from './run-admin-command'

/** How long to wait for a server that holds the embedded database but has not opened its socket yet. */
const WAIT_FOR_SERVER_MS = 30_000
/** Commands that queue emails (welcome, purchase), sent by the CLI itself when it runs on its own. */
const QUEUES_EMAILS = new Set<AdminRequest['command']>(['orders grant', 'orders grant-ignored'])

/** Opens the database itself (migrating it first, as the server does at start) and runs the command. */
async function runOnDatabase(config: Config, request: AdminRequest, note: (line: string) => void) {
  const database = await openDatabase(config)
  try {
    await database.migrate()
    // The owner's own terminal: it names the file, whose link the owner passes on (never printed).
    const mailer = createConfiguredMailer(config, ({ file, to }) =>
      note(`Email to ${to} written to ${file}\n`),
    )
    const origin = createStoreOrigin(config)
    const offsite = createOffsiteBackups({
      config: config.offsiteBackups,
      database,
      dataDir: config.dataDir,
      // A failed upload's attempt is printed by the command itself; its retries are the store's.
      retryBaseMs: 60_000,
    })
    const context = createAdminContext({
      database,
      mailer,
      offsite,
      linkOrigin: () => origin.linkOrigin(),
      dataDir: config.dataDir,
      storeEnvironment: config,
      supportEmail: config.supportEmail,
      webhookAllowPrivate: config.webhookAllowPrivate,
      // Still queued: the next run (this CLI's next command, or the store) tries again.
      onEmailError: (error) =>
        note(
          `An email was not sent yet and stays queued: ${error instanceof Error ? error.message : String(error)}\n`,
        ),
    })
    const result = await runAdminCommand(context, request)
    if (QUEUES_EMAILS.has(request.command)) {
      // With the store stopped nobody else sends what the command queued: this process does, before it ends.
      await context.emailQueue
        .runOnce()
        .catch((error: unknown) =>
          note(`Queued emails could not be sent now (the store sends them when it runs): ${String(error)}\n`),
        )
    }
    await context.emailQueue.stop()
    await offsite.stop()
    return result
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
  // Restore swaps the embedded database's folder, so only this process, with the store stopped, may.
  if (request.command === 'db restore') return runRestoreCommand(config, request, note)
  // Files in DATA_DIR/backups and the bucket: read by this process, whoever holds the database.
  if (request.command === 'db backups list') return runListBackupsCommand(config, request)
  // The copy reads the whole database with the store stopped (decision 045), and a target's password
  // stays in this process.
  if (request.command === 'db copy-to') return copyStoreDatabase(config, request.target, note)
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
