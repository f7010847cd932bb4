import { z } from 'zod/mini'
import {
  FAVORITES_KEY,
  cleanIds,
  parseIds,
  readFavorites,
  readSynced,
  writeFavorites,
  writeSynced,
} from './favorites-storage'
import { mergeFavorites, reconcileFavorites, sameIds } from './merge-favorites'

/** Where favourites are mirrored: the member's account preferences (`prefs.favoriteProjects`). */
export interface PrefsStore {
  getPrefs: () => Promise<Record<string, unknown>>
  updatePrefs: (prefs: Record<string, unknown>) => Promise<unknown>
}

const prefsSchema = z.record(z.string(), z.unknown())

/**
 * The member's favourites: read and written in this browser at once (the heart never waits), then
 * mirrored to the account so they follow the member. One sync runs at a time; changes made while it
 * runs are carried into the next.
 */
export class FavoritesStore {
  private ids: string[] = readFavorites()
  private readonly listeners = new Set<() => void>()
  private running: Promise<void> | null = null
  private pending = false

  constructor(
    private readonly memberId: string,
    private readonly prefs: PrefsStore,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.ids

  has(id: string): boolean {
    return this.ids.includes(id)
  }

  /** Adds or removes one project; returns whether it is now a favourite. */
  toggle(id: string): boolean {
    const next = this.has(id) ? this.ids.filter((other) => other !== id) : cleanIds([...this.ids, id])
    this.set(next)
    void this.sync()
    return next.includes(id)
  }

  /** Another tab changed the list: show it. */
  reloadFromStorage(key: string | null) {
    if (key === null || key === FAVORITES_KEY) this.set(readFavorites(), false)
  }

  /** Brings this browser and the account together; failures are logged and retried on the next sync. */
  sync(): Promise<void> {
    this.pending = true
    this.running ??= this.runSyncs().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async runSyncs() {
    while (this.pending) {
      this.pending = false
      try {
        await this.syncOnce()
      } catch (error) {
        console.error('Favorites sync error', error)
        return
      }
    }
  }

  private async syncOnce() {
    const prefs = prefsSchema.parse(await this.prefs.getPrefs())
    const remote = parseIds(prefs.favoriteProjects)
    const local = this.ids
    const merged = reconcileFavorites(local, remote, this.memberId, readSynced())
    if (!sameIds(merged, remote)) await this.prefs.updatePrefs({ ...prefs, favoriteProjects: merged })
    writeSynced({ memberId: this.memberId, ids: merged })
    // Hearts toggled while the account answered are applied on top and sent by the next round.
    this.set(mergeFavorites(this.ids, local, merged))
  }

  private set(ids: string[], persist = true) {
    if (sameIds(ids, this.ids)) return
    this.ids = ids
    if (persist) writeFavorites(ids)
    for (const listener of this.listeners) listener()
  }
}
