import { createContext, useContext } from 'react'
import { z } from 'zod/mini'

/**
 * Where the buy buttons go: the server's CHECKOUT_URL, which it writes into every page as
 * `<meta name="checkout-url">` (empty when unset). Null means checkout is not configured.
 */
export const CheckoutContext = createContext<string | null>(null)

export const useCheckoutUrl = () => useContext(CheckoutContext)

const checkoutUrlSchema = z.url({ protocol: /^https?$/ })

/** The checkout address in the page the server sent, or null when it is absent or not an http(s) URL. */
export function readCheckoutUrl(document: Document): string | null {
  const content = document.querySelector('meta[name="checkout-url"]')?.getAttribute('content') ?? ''
  const parsed = checkoutUrlSchema.safeParse(content)
  return parsed.success ? parsed.data : null
}
