import { createContext, useContext } from 'react'

/**
 * The support address the information pages name: the server's SUPPORT_EMAIL, which it writes into every
 * page as `<meta name="support-email">` and into the prerendered text. The context's default is what the
 * server sends when the owner has not set one.
 */
export const DEFAULT_SUPPORT_EMAIL = 'soporte@localhost'

export const SupportEmailContext = createContext<string>(DEFAULT_SUPPORT_EMAIL)

export const useSupportEmail = () => useContext(SupportEmailContext)

/** One address, nothing a page could mistake for markup. The server checks the real format. */
const ADDRESS = /^[^\s<>"'&@]+@[^\s<>"'&@]+$/

/** The support address in the page the server sent; the default when it is absent or not an address. */
export function readSupportEmail(document: Document): string {
  const content = document.querySelector('meta[name="support-email"]')?.getAttribute('content') ?? ''
  return ADDRESS.test(content) ? content : DEFAULT_SUPPORT_EMAIL
}

/** The date of the current version of the terms and policies (shown as "last updated"). */
export const POLICIES_UPDATED_ON = '2026-11-22'
