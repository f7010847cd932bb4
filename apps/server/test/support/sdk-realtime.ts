import type { RealtimeResponseEvent } from 'appwrite'
import { sessionCookieName } from '../../src/platform/appwrite/session-cookie'
import type { SdkBrowser } from './sdk-browser'
import { testConfig, type TestServer } from './test-app'

/**
 * The web SDK's `client.subscribe()` reaches for `window.setTimeout` and `window.localStorage`: in Node
 * they are given from the globals (and an empty storage), and the socket is Node 24's global WebSocket.
 * That WebSocket cannot send a cookie, so a browser signs its socket in the other way the SDK knows: the
 * session given to `client.setSession`, sent in the `authentication` message after `connected`.
 */
export function installRealtimeWindow() {
  if ('window' in globalThis) return
  const storage = new Map<string, string>()
  Reflect.set(globalThis, 'window', {
    setTimeout,
    setInterval,
    clearTimeout,
    clearInterval,
    console,
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  })
}

/** The browser's session cookie, for its realtime socket (see above). */
export function sessionForRealtime(browser: SdkBrowser) {
  const value = browser.cookies.get(sessionCookieName(testConfig.projectId))
  if (!value) throw new Error('The browser is not signed in')
  browser.client.setSession(value)
  return value
}

export interface Listening {
  events: RealtimeResponseEvent<Record<string, unknown>>[]
  next: (
    what: (event: RealtimeResponseEvent<Record<string, unknown>>) => boolean,
  ) => Promise<RealtimeResponseEvent<Record<string, unknown>>>
  unsubscribe: () => void
}

/** Subscribes through the SDK and waits until one of the member's connections holds `channels`. */
export async function listen(
  server: TestServer,
  browser: SdkBrowser,
  channels: string[],
): Promise<Listening> {
  installRealtimeWindow()
  const { $id: userId } = await browser.account.get()
  const events: Listening['events'] = []
  const waiting = new Set<() => void>()
  const unsubscribe = browser.client.subscribe<Record<string, unknown>>(channels, (event) => {
    events.push(event)
    for (const wake of waiting) wake()
  })
  await until(() => server.app.realtime.listensTo(userId, channels))
  const next: Listening['next'] = (what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No such event arrived')), 3_000)
      const check = () => {
        const found = events.find(what)
        if (!found) return
        clearTimeout(timer)
        waiting.delete(check)
        resolve(found)
      }
      waiting.add(check)
      check()
    })
  return { events, next, unsubscribe }
}

/** Polls a condition every 10 ms, for up to 3 s. */
export async function until(condition: () => boolean, ms = 3_000) {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A moment for what should not arrive to have had its chance. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150))
