import { createAdminContext } from '../../src/cli/admin-context'
import { runAdminCli } from '../../src/cli/program'
import { runAdminCommand } from '../../src/cli/run-admin-command'
import type { DatabaseHandle } from '../../src/platform/db/client'
import type { StoreEnvironment } from '../../src/selling/downloads/store-settings'
import { createMailbox } from '../support/test-app'

export const STORE_ORIGIN = 'http://shop.example.test'

export interface CliRun {
  code: number
  out: string
  err: string
}

/**
 * The admin CLI in-process on a test database: the real command line parsing, the same entry point the
 * admin socket uses, and files kept in memory.
 */
export function createAdminCli(
  database: DatabaseHandle,
  linkOrigin = () => STORE_ORIGIN,
  /** DOWNLOAD_FILE, DOWNLOAD_LIMIT, BONUS_1_URL, BONUS_2_URL as the command's process reads them. */
  storeEnvironment?: StoreEnvironment,
  /** WEBHOOK_ALLOW_PRIVATE as the command's process reads it (`webhooks test` to a local receiver). */
  webhookAllowPrivate = false,
) {
  const mailbox = createMailbox()
  const files = new Map<string, string>()
  const context = createAdminContext({
    database,
    mailer: mailbox,
    linkOrigin,
    storeEnvironment,
    webhookAllowPrivate,
  })
  /** What the next run reads from standard input. */
  let stdin = ''
  async function run(...argv: string[]): Promise<CliRun> {
    let out = ''
    let err = ''
    const code = await runAdminCli(argv, {
      send: (request) => runAdminCommand(context, request),
      readFile: async (file) => {
        const content = files.get(file)
        if (content === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' })
        return content
      },
      writeFile: async (file, text) => void files.set(file, text),
      readStdin: async () => stdin,
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
    })
    return { code, out, err }
  }
  const pipe = (input: string, ...argv: string[]) => {
    stdin = input
    return run(...argv).finally(() => (stdin = ''))
  }
  return { run, pipe, files, mailbox }
}

/** The set-password link of an emailed message. */
export function linkIn(text: string): URL {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${STORE_ORIGIN}/reset-password?`))
  if (!line) throw new Error(`No link in:\n${text}`)
  return new URL(line)
}
