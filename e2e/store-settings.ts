/** Settings the e2e store runs with, as an owner would set them, shared by the config and the tests. */

/** The store's support address (SUPPORT_EMAIL): the information pages name it. */
export const SUPPORT_EMAIL = 'ayuda@tienda.example.com'

/**
 * PROJECT_ID and DATABASE_ID other than the defaults the web build knows: every test then proves the
 * browser learns them from the server's pages (decision 015), as a store with its own ids needs.
 */
export const PROJECT_ID = 'shop'
export const DATABASE_ID = 'catalogo'
