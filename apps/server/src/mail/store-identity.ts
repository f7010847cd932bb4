import type { MailLanguage } from './mail-language'

/**
 * How an email names the store and where it sends a reader for help: the owner's published storefront
 * content (issue 41), in the email's language.
 */
export interface StoreIdentity {
  name: string
  supportEmail: string
}

/**
 * The store's identity as published when the email is composed, so that a publish changes the next
 * email. The storefront provides it (`storefront/published-store-identity.ts`); mail and the members'
 * emails only ask, since they sit below the storefront and may not import it.
 */
export type StoreIdentityReader = (language: MailLanguage) => Promise<StoreIdentity>
