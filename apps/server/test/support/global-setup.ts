import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildServerForTests, currentServerBuild } from './server-build'
import { buildPgliteTemplates, buildPostgresTemplate, dropPostgresDatabases } from './template-database'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    /** Prepared DATA_DIRs of the embedded store: `<folder>/empty` (migrated) and `<folder>/demo`. */
    storeTemplates: string
    postgresTemplate: string
    /** The server's build the process tests start (`test/support/server-build.ts`). */
    serverBuild: string
  }
}

/** Builds the template database and the server once per run for the project's database kind. */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB
  // The build `npm test` made for every suite when it is current, else one of this run's own.
  const current = currentServerBuild()
  const serverBuild = current ?? (await buildServerForTests(kind === 'postgres' ? 'postgres' : 'pglite'))
  project.provide('serverBuild', serverBuild)
  const removeBuild = () => (current ? Promise.resolve() : rm(serverBuild, { recursive: true, force: true }))
  if (kind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set')
    const prefix = `gallery_test_${process.pid}_`
    const template = `${prefix}template`
    await buildPostgresTemplate(baseUrl, template)
    project.provide('postgresTemplate', template)
    return async () => {
      await dropPostgresDatabases(baseUrl, prefix)
      await removeBuild()
    }
  }
  const directory = await mkdtemp(path.join(tmpdir(), 'gallery-test-'))
  const file = path.join(directory, 'template.tar.gz')
  const stores = path.join(directory, 'stores')
  await buildPgliteTemplates(file, stores)
  project.provide('pgliteTemplate', file)
  project.provide('storeTemplates', stores)
  return async () => {
    await rm(directory, { recursive: true, force: true })
    await removeBuild()
  }
}
