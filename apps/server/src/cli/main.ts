import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError, loadConfig } from '../config'
import { routeAdminRequest } from './admin-route'
import { readPasswordInput } from './password-input'
import { runAdminCli } from './program'

/** Files are named relative to where the owner typed the command (npm runs scripts in the workspace). */
const baseDirectory = process.env.INIT_CWD ?? process.cwd()

async function main() {
  const stderr = (text: string) => void process.stderr.write(text)
  process.exitCode = await runAdminCli(process.argv.slice(2), {
    send: async (request) => {
      try {
        return await routeAdminRequest(loadConfig(), request, stderr)
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
    readStdin: () => readPasswordInput(),
    stdout: (text) => void process.stdout.write(text),
    stderr,
  })
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
