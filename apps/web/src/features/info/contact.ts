/**
 * The support address named in the information pages. The owner sets it to the store's real mailbox
 * before going live: this value is the intended address, not a verified one.
 */
export const SUPPORT_EMAIL = 'soporte@projectsgallery.com'

/** The date of the current version of the terms and policies (shown as "last updated"). */
export const POLICIES_UPDATED_ON = '2026-11-22'
