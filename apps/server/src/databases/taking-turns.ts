import type { DatabaseHandle } from '../db/client'

type Rows = DatabaseHandle['rows']

/**
 * The embedded database runs each statement on the server's only thread, and statements waiting for it
 * run back to back, without the server answering anything in between: ten concurrent searches would
 * keep everyone waiting for all ten. Catalogue statements therefore run one at a time, each after the
 * server had a turn to answer what arrived meanwhile (decision 016). A PostgreSQL server runs them in
 * its own processes, so they go straight to it.
 */
export function takingTurns(database: DatabaseHandle): Pick<DatabaseHandle, 'rows'> {
  if (database.kind !== 'pglite') return { rows: database.rows }
  let previous: Promise<unknown> = Promise.resolve()
  const rows: Rows = (query) => {
    const turn = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => database.rows(query))
    previous = turn.catch(() => undefined)
    return turn
  }
  return { rows }
}
