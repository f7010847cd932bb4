import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Settings the e2e store runs with, as an owner would set them, shared by the config and the tests. */

/** The e2e store's data folder (relative to the repository), overridable so two runs do not collide. */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? 'e2e/.data'

/** The store's support address (SUPPORT_EMAIL): the information pages name it. */
export const SUPPORT_EMAIL = 'ayuda@tienda.example.com'

/**
 * PROJECT_ID and DATABASE_ID other than the defaults the web build knows: every test then proves the
 * browser learns them from the server's pages (decision 015), as a store with its own ids needs.
 */
export const PROJECT_ID = 'shop'
export const DATABASE_ID = 'catalogo'

/** Stripe's signing secret the e2e store checks webhooks with (STRIPE_WEBHOOK_SECRET). */
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_store_secret'

/**
 * The Stripe Payment Link whose checkouts grant access (STRIPE_PAYMENT_LINK_IDS, decision 057): a
 * session from any other link is an ignored order the owner may grant by hand.
 */
export const STRIPE_PAYMENT_LINK = 'plink_1E2eBundleGallery'

/** The bundle buyers download (DOWNLOAD_FILE); the purchase test writes it before downloading. */
export const BUNDLE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  `${process.env.E2E_DATA_DIR ?? 'e2e/.data'}-bundle.zip`,
)

/** The two bonus links (BONUS_1_URL, BONUS_2_URL). */
export const BONUS_URLS = ['https://cursos.example.com/n8n', 'https://cursos.example.com/master-ia'] as const

/**
 * The store's owner (OWNER_EMAIL, decision 058), made at start as the demo member (DEMO_EMAIL and
 * DEMO_PASSWORD) so that the owner is known before any test makes an admin of its own.
 */
export const OWNER = { email: 'duena@tienda.example.com', password: 'e2e owner password 2026' } as const
