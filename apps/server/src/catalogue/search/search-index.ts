import type { createCatalogVersion } from '../collections/catalog-version'
import type { DatabaseHandle } from '../../platform/db/client'
import { readProjectIndex, SLICE_ROWS } from './catalog-reader'
import type { CardReader } from './project-cards'
import type { ProjectIndex } from './project-index'

interface Dependencies {
  database: DatabaseHandle
  catalogVersion: ReturnType<typeof createCatalogVersion>
  /** A rebuild that failed while searches went on with the previous index. */
  onError: (error: unknown) => void
  /** Reads the gallery's cards of the projects indexed, kept with the index (decision 030). */
  readCards?: CardReader
  /** Called after each index is built: the build's garbage can be given back (decision 034). */
  afterBuild?: () => void
}

/**
 * The search index of the catalogue's current version (decisions 005, 029). The catalogue changes only
 * when it is loaded, so the index is built once per version: the first search after a start waits for
 * it; after a change, searches go on with the previous index until the new one is ready (seconds at
 * 100,000 projects), and their answers are cached under that index's version.
 */
export function createSearchIndex({
  database,
  catalogVersion,
  onError,
  readCards,
  afterBuild,
}: Dependencies) {
  let ready: ProjectIndex | null = null
  let building: { version: string; index: Promise<ProjectIndex | null> } | null = null
  let stopped = false

  function build(version: string) {
    const cards = readCards ? { read: readCards, previous: ready } : null
    const index = readProjectIndex(database, version, () => stopped, SLICE_ROWS, cards).then((built) => {
      if (built) {
        ready = built
        afterBuild?.()
      }
      return built
    })
    const current = { version, index }
    building = current
    // One build at a time: a version that arrives meanwhile is built after it, on the next search.
    void index
      .catch((error: unknown) => {
        if (!stopped) onError(error)
      })
      .finally(() => {
        if (building === current) building = null
      })
    return index
  }

  /**
   * The index to search. While a newer version's is built, searches go on with the previous one, except
   * a `fresh` one (an admin's, who just changed the catalogue and must see it): it waits for the index of
   * the version it read.
   */
  async function current({ fresh = false }: { fresh?: boolean } = {}): Promise<ProjectIndex> {
    const version = await catalogVersion.current()
    if (ready?.version === version) return ready
    const pending = building?.index ?? build(version)
    if (ready && !fresh) return ready
    const built = await pending
    if (!built) {
      if (ready) return ready
      throw new Error('The search index was stopped')
    }
    // The build running was an older version's: the next one is this version's.
    return built.version === version || !fresh ? built : current({ fresh })
  }

  return {
    current,

    /**
     * Builds the index of the catalogue's current version when it is neither built nor being built, so a
     * change (from this instance or another) is searched without a search having to ask for it first and
     * get the previous version's answer meanwhile. The server calls it every second; failures are reported.
     */
    refresh(): void {
      if (building || stopped) return
      catalogVersion.current().then(
        (version) => void (building || ready?.version === version ? undefined : build(version)),
        (error: unknown) => onError(error),
      )
    },

    /** Starts building the index before the first search asks for it; failures are only reported. */
    warmUp(): void {
      if (ready || building) return
      catalogVersion.current().then(
        (version) => void (building ? undefined : build(version)),
        (error: unknown) => onError(error),
      )
    },

    /** No statement is started after this; the one running is waited for (the database closes next). */
    async stop(): Promise<void> {
      stopped = true
      await building?.index.catch(() => null)
    },
  }
}

export type SearchIndex = ReturnType<typeof createSearchIndex>
