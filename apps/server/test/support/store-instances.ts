import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openServerDatabase } from '../../src/platform/db/client'
import { SESSION_COOKIE } from './inject'
import { startStore, stopStore, type ProcessEnv, type RunningStore } from './store-process'
import { databaseUrlFor } from './template-database'

/**
 * Several `npm start` processes on one PostgreSQL database, as an owner runs them behind a load
 * balancer (decision 046): each its own port and DATA_DIR, the same DATABASE_URL.
 */

/** A new, empty database on the test server (no migration, no catalogue), and how to drop it. */
export async function createEmptyDatabase(
  label: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `gallery_${label}_${randomBytes(6).toString('hex')}`
  const admin = await openServerDatabase(baseUrl, 1)
  await admin.rows(sql.raw(`CREATE DATABASE "${name}"`))
  await admin.close()
  return {
    url: databaseUrlFor(baseUrl, name),
    drop: async () => {
      const cleanup = await openServerDatabase(baseUrl, 1)
      await cleanup.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
      await cleanup.close()
    },
  }
}

export interface StoreInstance {
  name: string
  /** `http://127.0.0.1:<port>` */
  url: string
  store: RunningStore
  /** Stopped, killed or exited: no request reaches it any more. */
  gone: () => boolean
  /** Ctrl-C, as an owner stops it; resolves once it exited. */
  stop: () => Promise<void>
  /** SIGKILL: a crash, a machine gone. */
  kill: () => Promise<void>
  remove: () => Promise<void>
}

/**
 * Starts one instance; its database connections carry `application_name=<name>`, so a test can tell
 * them apart in `pg_stat_activity`.
 */
export async function startInstance(
  name: string,
  databaseUrl: string,
  env: ProcessEnv = {},
): Promise<StoreInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `gallery-instance-${name}-`))
  const url = new URL(databaseUrl)
  url.searchParams.set('application_name', name)
  let store: RunningStore
  try {
    store = await startStore(dataDir, { DATABASE_URL: url.toString(), ...env })
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
  const exited = new Promise<void>((resolve) => {
    if (store.child.exitCode !== null || store.child.signalCode !== null) resolve()
    else store.child.once('exit', () => resolve())
  })
  const gone = () => store.child.exitCode !== null || store.child.signalCode !== null
  return {
    name,
    url: store.url.replace('localhost', '127.0.0.1'),
    store,
    gone,
    stop: async () => {
      if (!gone()) await stopStore(store)
    },
    kill: async () => {
      if (!gone()) store.child.kill('SIGKILL')
      await exited
    },
    remove: async () => {
      if (!gone()) store.child.kill('SIGKILL')
      await exited
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Sends a JSON request to one instance; `cookie` is the `a_session_…=…` pair. */
export async function send(
  instance: StoreInstance,
  method: string,
  pathname: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; cookie: string | null }> {
  const response = await fetch(`${instance.url}${pathname}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: kept as text.
  }
  const session = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1)
  return { status: response.status, body, cookie: session ?? null }
}

/** Signs in through one instance and returns the session's cookie pair. */
export async function signInThrough(
  instance: StoreInstance,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await send(instance, 'POST', '/v1/account/sessions/email', { body: credentials })
  if (response.status !== 201 || !response.cookie)
    throw new Error(
      `Sign-in through ${instance.name} answered ${response.status}: ${JSON.stringify(response.body)}`,
    )
  return response.cookie
}

/** A request that never reached an answer: refused, reset or cut while it was on its way. */
export const isConnectionError = (error: unknown) =>
  error instanceof TypeError && error.message === 'fetch failed'

/** How long until `check` holds, polled every 10 ms; fails after `limitMs`. */
export async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`Still not so after ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return performance.now() - started
}
