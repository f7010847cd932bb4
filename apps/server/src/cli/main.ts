import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { moveBackup } from '../operations/backups/backup-files'
import { ConfigError, loadConfig } from '../platform/config'
import { isCopyFolder } from '../operations/db-copy/copy-target'
import { routeAdminRequest } from './admin-route'
import { readPasswordInput } from './password-input'
import { runAdminCli } from './program'

/** Files are named relative to where the owner typed the command (npm runs scripts in the workspace). */
const baseDirectory = process.env.INIT_CWD ?? process.cwd()

async function main() {
  // Run on its own, the CLI writes the store's files (database, mail) as the server would (decision 022).
  process.umask(0o077)
  const stderr = (text: string) => void process.stderr.write(text)
  process.exitCode = await runAdminCli(process.argv.slice(2), {
    send: async (request) => {
      try {
        // A backup to restore is read by this process, named relative to where the owner typed it; so is
        // a folder to copy the database into.
        const resolved =
          request.command === 'db restore' && request.file !== undefined
            ? { ...request, file: path.resolve(baseDirectory, request.file) }
            : request.command === 'db copy-to' && isCopyFolder(request.target)
              ? { ...request, target: path.resolve(baseDirectory, request.target) }
              : request
        return await routeAdminRequest(loadConfig(), resolved, stderr)
      } catch (error) {
        if (error instanceof ConfigError) return { exitCode: 2, stdout: '', stderr: `${error.message}\n` }
        throw error
      }
    },
    readFile: (file) => readFile(path.resolve(baseDirectory, file), 'utf8'),
    writeFile: async (file, text) => {
      const target = path.resolve(baseDirectory, file)
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, text)
    },
    moveBackup: (from, to) => moveBackup(from, path.resolve(baseDirectory, to)),
    readStdin: () => readPasswordInput(),
    stdout: (text) => void process.stdout.write(text),
    stderr,
  })
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
