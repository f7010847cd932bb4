/** Settings the e2e store runs with, as an owner would set them, shared by the config and the tests. */

/** The store's support address (SUPPORT_EMAIL): the information pages name it. */
export const SUPPORT_EMAIL = 'ayuda@tienda.example.com'
