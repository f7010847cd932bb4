export interface BeaconRateLimits {
  /** Beacons counted from one address per minute; the rest are answered and not counted. */
  perAddressPerMinute: number
  /** Addresses remembered per minute; a beacon from one more is not counted (a flood from many). */
  addresses: number
}

const MINUTE_MS = 60_000

/**
 * The rate of beacons counted per client address (decision 065), keyed by `clientAddressKey` (an IPv6
 * address by its /64, issue 40), in memory: one map per minute, started
 * afresh each minute, so it holds at most `addresses` entries whatever arrives, and a beacon costs one
 * map lookup. Per process: behind several instances an address gets each instance's rate.
 */
export function createBeaconRate(limits: BeaconRateLimits, now: () => number = Date.now) {
  let minute = -1
  let seen = new Map<string, number>()
  return {
    /** Whether this beacon may be counted. */
    admits(address: string): boolean {
      const current = Math.floor(now() / MINUTE_MS)
      if (current !== minute) {
        minute = current
        seen = new Map()
      }
      const count = seen.get(address)
      if (count === undefined) {
        if (seen.size >= limits.addresses) return false
        seen.set(address, 1)
        return true
      }
      if (count >= limits.perAddressPerMinute) return false
      seen.set(address, count + 1)
      return true
    },
  }
}

export type BeaconRate = ReturnType<typeof createBeaconRate>
