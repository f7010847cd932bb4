import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const integration = (name: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: [
      'apps/server/test/{contract,api,property,process,cli}/**/*.test.ts',
      // Several store processes can share only a PostgreSQL server's database (decision 046).
      ...(name === 'postgres' ? ['apps/server/test/instances/**/*.test.ts'] : []),
    ],
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
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      integration('pglite'),
      // PostgreSQL runs the same suites when a server is available (CI exports TEST_DATABASE_URL).
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
})
