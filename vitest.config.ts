import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Suites about HTTP, pages, headers, limits and messages: what they check does not depend on the database
 * kind, so they run on one (PostgreSQL when a server is available, else the embedded one), not on both.
 * Whatever builds or runs SQL (queries, search, orders, sessions, the email queue, the CLI's commands,
 * imports, copies and backups) runs on both.
 */
const ONE_DATABASE = [
  'apps/server/test/api/{web-pages,web-app,page-cache,page-settings,thank-you-page,security-headers}.test.ts',
  'apps/server/test/api/{static-symlinks,request-targets,request-timeouts,http-policy,error-language}.test.ts',
  'apps/server/test/api/{log-privacy,webhooks-log-privacy,console-routes-admin-only,password-rules}.test.ts',
  'apps/server/test/api/{prefs-limits,recovery-origin,recovery-smtp,proxy-and-password-limits}.test.ts',
  // Bodies refused or read off the main thread before any SQL; imports' SQL runs on both in catalog-import.
  'apps/server/test/api/large-bodies.test.ts',
  // The fuzz of every route (issue 34): 35–50 s a database on this machine; the eight inputs it was written
  // for, and their SQL, are tested on both databases by no-500-requests and no-500-deliveries.
  'apps/server/test/property/no-5xx.property.test.ts',
]
const bothDatabases = Boolean(process.env.TEST_DATABASE_URL)

const integration = (name: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: [
      'apps/server/test/{contract,api,property,process,cli}/**/*.test.ts',
      // Several store processes can share only a PostgreSQL server's database (decision 046).
      ...(name === 'postgres' ? ['apps/server/test/instances/**/*.test.ts'] : []),
    ],
    exclude: name === 'pglite' && bothDatabases ? ONE_DATABASE : [],
    env: { TEST_DB: name },
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    setupFiles: ['apps/server/test/support/console-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each worker imports the server once for all its files, not once per file (decision 054).
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // The server's suites wait on databases and child processes about half the time: one worker and a
    // half per core keeps the cores busy (decision 054). Vitest's "150%" would be capped at one a core.
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/test/{unit,catalog}/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          setupFiles: ['apps/server/test/support/console-guard.ts'],
          // A hang detector, not a speed budget: the worker threads and property tests here waited over
          // Vitest's 5 s for a core while the integration suites ran beside them (three workers, two cores).
          testTimeout: 30_000,
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      integration('pglite'),
      // PostgreSQL runs the same suites when a server is available (CI exports TEST_DATABASE_URL).
      ...(bothDatabases ? [integration('postgres')] : []),
    ],
  },
})
