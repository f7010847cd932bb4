import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { PUBLIC_PATHS, THANK_YOU_PATHS } from '@pg/shared/routes'
import { countStorefrontView } from './visit-beacons'

const STOREFRONT_PATHS: readonly string[] = [...PUBLIC_PATHS, ...THANK_YOU_PATHS]

/**
 * Whether a page is the storefront's, which the store counts (the server counts no other). Here, not in
 * visit-beacons.ts: the island runs on storefront pages alone and need not download the list.
 */
export const isStorefrontPath = (path: string) => STOREFRONT_PATHS.includes(path)

/** The router's key of the last page counted: a page is counted once (StrictMode runs effects twice). */
let counted: string | undefined

/**
 * The app's storefront pages count as the island's do (decision 065): each storefront page the app
 * shows, the first with the document's referrer, the next ones as moves inside the store.
 */
export function useStorefrontVisit(): void {
  const { key, pathname } = useLocation()
  useEffect(() => {
    if (counted === key) return
    const firstView = counted === undefined
    counted = key
    if (isStorefrontPath(pathname)) countStorefrontView(firstView)
  }, [key, pathname])
}
