import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { z } from 'zod'
import { openServerDatabase } from '../../src/platform/db/client'
import { serveFlags } from '../support/server-build'
import { databaseUrlFor } from '../support/template-database'

/**
 * `npm start` runs the server from its build with node (decision 047), as the other process tests do
 * (test/support/server-build.ts). This one checks the build itself: it builds the server (into a folder
 * of its own, so a developer's dist/ is left alone) and starts the build once, with the serve script's
 * node flags, on an empty store of the run's database kind: it migrates, loads the demo catalogue and
 * answers.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DEMO = { email: 'build@example.com', password: 'build-password-123' }

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: serverRoot, env: { PATH: process.env.PATH ?? '' } })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })))
}

/** Resolves once the server printed where it runs; rejects with what it printed if it exits first. */
function started(child: ChildProcessWithoutNullStreams): Promise<{ url: string; output: () => string }> {
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The build did not start:\n${output}`)), 90_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running on (http:\/\/localhost:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ url: match[1], output: () => output })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The build exited with ${code}:\n${output}`))
    })
  })
}

const postgres = process.env.TEST_DB === 'postgres'

describe('the server built for node', () => {
  let outDir = ''
  let dataDir = ''
  let databaseUrl: string | undefined
  let server: ChildProcessWithoutNullStreams | undefined

  beforeAll(async () => {
    // Inside apps/server, so the build finds the packages in node_modules as dist/ does.
    const cache = path.join(serverRoot, 'node_modules/.cache')
    await mkdir(cache, { recursive: true })
    outDir = await mkdtemp(path.join(cache, 'server-build-test-'))
    dataDir = await mkdtemp(path.join(tmpdir(), 'gallery-build-'))
    if (postgres) {
      const baseUrl = process.env.TEST_DATABASE_URL ?? ''
      // Named like the run's databases, so the run drops it even if this test does not.
      const name = `${inject('postgresTemplate').replace(/template$/, '')}build_${randomBytes(4).toString('hex')}`
      const admin = await openServerDatabase(baseUrl, 1)
      await admin.rows(sql.raw(`CREATE DATABASE "${name}"`))
      await admin.close()
      databaseUrl = databaseUrlFor(baseUrl, name)
    }
  })

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.on('exit', resolve))
      server.kill('SIGINT')
      await exited
    }
    await rm(outDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })

  it('builds, then starts with node on an empty store and serves the catalogue', async () => {
    const build = await run(['--import', 'tsx', 'scripts/build.ts', '--outDir', outDir])
    expect(build.code, build.output).toBe(0)
    for (const file of [
      'main.js',
      'cli.js',
      'seed.js',
      'platform/db/embedded-worker.js',
      'platform/db/migrations/meta/_journal.json',
      'platform/security/common-passwords.txt',
      'catalogue/search/search-worker.js',
      'uploaded-files/file-worker.js',
    ])
      expect(existsSync(path.join(outDir, file)), file).toBe(true)
    // Stack traces name the TypeScript files: the source map points at the sources beside the build.
    const map = z
      .object({ sources: z.array(z.string()) })
      .parse(JSON.parse(await readFile(path.join(outDir, 'main.js.map'), 'utf8')))
    const main = map.sources.map((source) => path.resolve(outDir, source))
    expect(main).toContain(path.join(serverRoot, 'src/main.ts'))
    expect(main.every((source) => existsSync(source))).toBe(true)

    server = spawn(process.execPath, [...serveFlags(), path.join(outDir, 'main.js')], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DEMO: '1',
        DEMO_EMAIL: DEMO.email,
        DEMO_PASSWORD: DEMO.password,
      },
    })
    const { url, output } = await started(server)
    expect(output()).toContain(
      postgres ? 'database: PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${dataDir}`,
    )

    const version = await fetch(`${url}/v1/health/version`)
    expect(version.status).toBe(200)
    expect(await version.json()).toEqual({ version: expect.any(String) })

    const signIn = await fetch(`${url}/v1/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    })
    expect(signIn.status).toBe(201)
    const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? ''
    const page = await fetch(
      `${url}/v1/databases/gallery/collections/projects/documents?total=true&queries[0]=${encodeURIComponent(
        JSON.stringify({ method: 'limit', values: [25] }),
      )}`,
      { headers: { cookie } },
    )
    expect(page.status).toBe(200)
    const body = z
      .object({ total: z.number(), documents: z.array(z.object({ $id: z.string() })) })
      .parse(await page.json())
    expect(body.total).toBe(720)
    expect(body.documents).toHaveLength(25)
  }, 180_000)
})
