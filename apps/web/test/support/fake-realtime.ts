import { act } from '@testing-library/react'
import { useEffect, useRef } from 'react'
import { vi } from 'vitest'
import type * as Realtime from '../../src/lib/realtime'
import type { LiveEvent, LiveOptions, LiveState } from '../../src/lib/realtime'

/**
 * Stands in for src/lib/realtime.ts in component tests: `vi.mock` it with
 * `() => import('../support/fake-realtime')`. The pages subscribe as they do against the server; a test
 * sends the events (`sendLive`) and brings the connection back after a drop (`reconnectLive`).
 */
const { isDocumentEvent } = await vi.importActual<typeof Realtime>('../../src/lib/realtime')
export { isDocumentEvent }

/** Each subscriber's payload type is its own; a test's payload is checked by the page, as the server's is. */
interface Subscriber {
  channels: readonly string[]
  latest: { current: Pick<LiveOptions<never>, 'onEvent' | 'onReconnect'> }
}
const subscribers = new Set<Subscriber>()

export function useLive<T = Record<string, unknown>>({
  channels,
  onEvent,
  onReconnect,
  enabled = true,
}: LiveOptions<T>): void {
  const latest = useRef<Subscriber['latest']['current']>({ onEvent, onReconnect })
  useEffect(() => {
    latest.current = { onEvent, onReconnect }
  })
  const key = channels.join('\n')
  useEffect(() => {
    if (!enabled || key === '') return
    const subscriber = { channels: key.split('\n'), latest }
    subscribers.add(subscriber)
    return () => void subscribers.delete(subscriber)
  }, [key, enabled])
}

export const useLiveState = (): LiveState => 'live'

/** The channels subscribed now, in every mounted component. */
export const liveChannels = () => [...subscribers].flatMap((subscriber) => [...subscriber.channels])

/**
 * Sends one of Appwrite's document events (`…documents.<id>.<action>`) on `channel`, as the server
 * does: to every subscriber of that channel, with the event's shorter names too.
 */
export function sendLive(
  channel: string,
  action: 'create' | 'update' | 'delete',
  payload: { $id: string } & Record<string, unknown>,
) {
  const event: LiveEvent<never> = {
    events: [`${channel}.${payload.$id}.${action}`, `${channel}.${payload.$id}`, channel],
    channels: [channel, `${channel}.${payload.$id}`],
    timestamp: new Date().toISOString(),
    // The page validates what it is sent (zod), whatever the subscriber's type says.
    payload: payload as never,
    subscriptions: [],
  }
  act(() => {
    for (const subscriber of subscribers)
      if (event.channels.some((one) => subscriber.channels.includes(one)))
        subscriber.latest.current.onEvent(event)
  })
}

/** The connection came back after a drop. */
export function reconnectLive() {
  act(() => {
    for (const subscriber of subscribers) subscriber.latest.current.onReconnect?.()
  })
}

export function resetFakeRealtime() {
  subscribers.clear()
}
