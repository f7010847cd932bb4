import type { DatabaseHandle } from '../../platform/db/client'

type Rows = DatabaseHandle['rows']

/**
 * The embedded database is one connection: statements wait for it in the order they were sent. Ten
 * concurrent searches sent at once would make a session check or a sign-in arriving after them wait
 * for all ten. Catalogue statements therefore go to it one at a time, and whatever other requests send
 * meanwhile waits for one of them at most (decision 016). The server's event loop is not what waits:
 * the database runs in its own thread (decision 027). A PostgreSQL server runs statements in its own
 * processes, so they go straight to it.
 */
export function takingTurns(database: DatabaseHandle): Pick<DatabaseHandle, 'rows'> {
  if (database.kind !== 'pglite') return { rows: database.rows }
  let previous: Promise<unknown> = Promise.resolve()
  const rows: Rows = (query) => {
    const turn = previous.then(() => database.rows(query))
    previous = turn.catch(() => undefined)
    return turn
  }
  return { rows }
}
