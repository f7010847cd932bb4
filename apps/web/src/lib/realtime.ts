import { Realtime, type RealtimeResponseEvent } from 'appwrite'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { client } from './backend'

/**
 * The store's live changes (issue 45, decision 077), through the official SDK's Realtime service over
 * one WebSocket for the whole page, signed in by the session cookie as the REST calls are. The SDK
 * reconnects after a drop (1 s, then longer); what changed meanwhile was never sent, so each page says
 * what to fetch again when the socket comes back (`onReconnect`), and can show that it is not live.
 */

/** `connecting` before the first open, `live` while open, `lost` between a drop and the next open. */
export type LiveState = 'connecting' | 'live' | 'lost'

export type LiveEvent<T = Record<string, unknown>> = RealtimeResponseEvent<T>

let service: Realtime | null = null
let state: LiveState = 'connecting'
let everOpen = false
const stateListeners = new Set<() => void>()
const reconnectListeners = new Set<() => void>()

function setState(next: LiveState) {
  if (state === next) return
  state = next
  for (const listener of stateListeners) listener()
}

/** The one Realtime service, made on first use: the prerender (Node) never subscribes. */
function realtime(): Realtime {
  if (service) return service
  const made = new Realtime(client)
  made.onOpen(() => {
    const again = everOpen
    everOpen = true
    setState('live')
    if (again) for (const listener of reconnectListeners) listener()
  })
  made.onClose(() => setState('lost'))
  service = made
  return made
}

/** Whether the page's live connection is open (for a "live" / "reconnecting" line). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    () => state,
    () => 'connecting',
  )
}

export interface LiveOptions<T> {
  /** Appwrite channels, e.g. `databases.<db>.collections.projects.documents` or `console.orders`. */
  channels: readonly string[]
  /** Each event on those channels, as the server sends it. */
  onEvent: (event: LiveEvent<T>) => void
  /** The socket came back after a drop: events were missed, so fetch what is shown again. */
  onReconnect?: () => void
  /** False holds the subscription off (no session yet, a switch turned off). */
  enabled?: boolean
}

/**
 * Subscribes while the component is mounted and `enabled`; the latest callbacks are called, so they need
 * not be stable. Unsubscribes on unmount or when the channels change.
 */
export function useLive<T = Record<string, unknown>>({
  channels,
  onEvent,
  onReconnect,
  enabled = true,
}: LiveOptions<T>): void {
  const latest = useRef({ onEvent, onReconnect })
  useEffect(() => {
    latest.current = { onEvent, onReconnect }
  })
  const key = channels.join('\n')

  useEffect(() => {
    if (!enabled || key === '' || typeof WebSocket === 'undefined') return
    let stopped = false
    let unsubscribe: (() => Promise<void>) | null = null
    const reconnected = () => latest.current.onReconnect?.()
    reconnectListeners.add(reconnected)
    realtime()
      // A subscription whose socket failed to open never hands back its unsubscribe, and the SDK keeps it
      // for its next socket: once this component is gone, its events are dropped here.
      .subscribe<T>(key.split('\n'), (event) => {
        if (!stopped) latest.current.onEvent(event)
      })
      .then((subscription) => {
        if (stopped) void subscription.unsubscribe()
        else unsubscribe = subscription.unsubscribe
      })
      .catch(() => setState('lost'))
    return () => {
      stopped = true
      reconnectListeners.delete(reconnected)
      void unsubscribe?.()
    }
  }, [key, enabled])
}

/** Whether an event is Appwrite's `…create`, `…update` or `…delete` of a document. */
export const isDocumentEvent = (event: LiveEvent<unknown>, action: 'create' | 'update' | 'delete') =>
  event.events.some((name) => name.startsWith('databases.') && name.endsWith(`.${action}`))
