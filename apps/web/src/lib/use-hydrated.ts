import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates a prerendered page (and on the server), true once the page is live. A
 * form can keep its submit button off until then, so it is never submitted natively before JavaScript
 * handles it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
