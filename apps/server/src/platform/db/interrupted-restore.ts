import { existsSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * The embedded database's folder and its swap (operations/backups restores through it): a restore
 * builds the new database beside the live one and swaps folders by renames (decision 018):
 * `pglite.incoming` while it is extracted and checked, `pglite.ready` once it is complete and synced,
 * `pglite.previous` for the old data between the two renames of the swap.
 */
export const aside = (live: string) => ({
  incoming: `${live}.incoming`,
  ready: `${live}.ready`,
  previous: `${live}.previous`,
})

const holdsDatabase = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'))

/**
 * Brings a restore that a crash cut short to one side, before anything opens the embedded database
 * (with its lock held): not yet swapped, the current data stays; half swapped, the swap is finished.
 * Either way one complete database is left in `live`.
 */
export function finishInterruptedRestore(live: string): void {
  const { incoming, ready, previous } = aside(live)
  rmSync(incoming, { recursive: true, force: true })
  if (existsSync(ready)) {
    if (holdsDatabase(live)) rmSync(ready, { recursive: true, force: true })
    else {
      rmSync(live, { recursive: true, force: true })
      renameSync(ready, live)
    }
  } else if (!holdsDatabase(live) && holdsDatabase(previous)) {
    rmSync(live, { recursive: true, force: true })
    renameSync(previous, live)
  }
  if (holdsDatabase(live)) rmSync(previous, { recursive: true, force: true })
}
