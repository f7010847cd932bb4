import { fileURLToPath } from 'node:url'

/**
 * The files the server reads at run time, found from its root folder (decision 047): `src/` when it runs
 * from its sources (tsx, the tests), `dist/` when it runs from its build (`npm start`). The build bundles
 * the server into `dist/main.js` (and `dist/cli.js`) and copies these files to the same places under
 * `dist/`: in the build this module's code is at the root of `dist/`; in the sources it is in
 * `src/platform/`, one folder down from the root of `src/`.
 */
/** The build is JavaScript; the sources are TypeScript (run by tsx). */
const built = !import.meta.url.endsWith('.ts')
const root = new URL(built ? './' : '../', import.meta.url)

export const serverFiles = {
  /** The SQL migrations (drizzle-kit's folder, with its journal). */
  migrationsFolder: fileURLToPath(new URL('platform/db/migrations', root)),
  /** The embedded database's worker thread, started from its file (decision 027). */
  embeddedWorker: new URL(built ? 'platform/db/embedded-worker.js' : 'platform/db/embedded-worker.ts', root),
  /** The search worker's thread, started from its file (decision 055). */
  searchWorker: new URL(
    built ? 'catalogue/search/search-worker.js' : 'catalogue/search/search-worker.ts',
    root,
  ),
  /** The storefront worker's thread, which draws the owner's pages with the web build's server entry (decision 073). */
  storefrontWorker: new URL(
    built ? 'storefront/storefront-worker.js' : 'storefront/storefront-worker.ts',
    root,
  ),
  /** The file worker's thread, one per file read (decision 056). */
  fileWorker: new URL(built ? 'uploaded-files/file-worker.js' : 'uploaded-files/file-worker.ts', root),
  /**
   * What a worker that imports the server's own modules runs with: nothing from the build, tsx's loader
   * from the sources (the embedded database's worker imports packages only, and needs none).
   */
  workerExecArgv: built ? [] : ['--import', 'tsx'],
  /** The passwords a member may not choose. */
  commonPasswords: new URL('platform/security/common-passwords.txt', root),
  /** The built web app, unless WEB_DIR says otherwise: `apps/web/dist`. */
  webDir: fileURLToPath(new URL('../../web/dist', root)),
}
