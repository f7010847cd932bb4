import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { countStorefrontView } from './visit-beacons'

/** The router's key of the last page counted: a page is counted once (StrictMode runs effects twice). */
let counted: string | undefined

/**
 * The app's storefront pages count as the island's do (decision 065): each storefront page the app
 * shows, the first with the document's referrer, the next ones as moves inside the store.
 */
export function useStorefrontVisit(): void {
  const { key } = useLocation()
  useEffect(() => {
    if (counted === key) return
    const firstView = counted === undefined
    counted = key
    countStorefrontView(firstView)
  }, [key])
}
