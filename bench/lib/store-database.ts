import path from 'node:path'
import {
  openEmbeddedDatabase,
  openServerDatabase,
  type DatabaseHandle,
} from '../../apps/server/src/platform/db/client'
import type { Store } from './server'

/** The bench store's database, opened directly to seed it before its server starts (one connection). */
export const openStoreDatabase = (store: Store): Promise<DatabaseHandle> =>
  'databaseUrl' in store
    ? openServerDatabase(store.databaseUrl, 1)
    : openEmbeddedDatabase({ dataDir: path.join(store.dataDir, 'pglite') })
