/**
 * The server's wings and layers, top to bottom (decision 059; docs/server-layers.md draws them). A folder
 * may import what is below it, never what is above; folders in one row import neither each other
 * nor anything above. eslint.config.js turns this list into import-x/no-restricted-paths zones.
 */
export const SERVER_LAYERS = [
  // The composition: the server's process, its routes put together, the admin CLI, the file worker.
  { wing: 'composition', rows: [['main.ts'], ['cli'], ['app.ts'], ['uploaded-files']] },
  { wing: 'console', rows: [['console']] },
  // Appwrite's Realtime (issue 45): the WebSocket route and the hub that hears every instance's changes.
  { wing: 'realtime', rows: [['realtime']] },
  // The owner's automations (issue 44): API keys and webhook endpoints, and the sender of deliveries.
  { wing: 'automations', rows: [['automations']] },
  // Off-site backups (issue 42) pack a PostgreSQL store with db-copy and upload the backups' files.
  {
    wing: 'operations',
    rows: [['operations/offsite-backups'], ['operations/db-copy', 'operations/backups']],
  },
  { wing: 'selling', rows: [['selling/selling-wing.ts'], ['selling/downloads'], ['selling/orders']] },
  {
    wing: 'returning',
    rows: [['returning/returning-wing.ts'], ['returning/news'], ['returning/collections']],
  },
  {
    wing: 'members',
    rows: [
      ['members/members-wing.ts'],
      ['members/users'],
      ['members/management'],
      ['members/inactivity'],
      // Two-step verification (issue 43): its routes and service, on the sessions of account/.
      ['members/mfa'],
      ['members/account'],
    ],
  },
  {
    wing: 'catalogue',
    rows: [
      ['catalogue/catalogue-wing.ts'],
      ['catalogue/catalog-first-load.ts', 'catalogue/documents', 'catalogue/thumbnails', 'catalogue/demo'],
      ['catalogue/search'],
      ['catalogue/search-log', 'catalogue/editing'],
      ['catalogue/collections'],
    ],
  },
  // The store's own counts and its report (decision 065): every wing above may count.
  { wing: 'analytics', rows: [['analytics']] },
  // The owner's storefront (decision 073): its content in versions, drawn into the pages below it.
  { wing: 'storefront', rows: [['storefront']] },
  { wing: 'pages and mail', rows: [['pages', 'mail']] },
  {
    wing: 'platform',
    rows: [
      ['platform/platform-wing.ts'],
      // API keys (issue 44) say who sends a request to http's route tables; webhooks are queued by every
      // wing in its own transactions and sent from here.
      ['platform/api-keys', 'platform/webhooks'],
      // Changes announced to the realtime hubs, in the changing transaction (decision 077).
      ['platform/realtime'],
      ['platform/http'],
      ['platform/audit'],
      ['platform/security'],
      ['platform/db'],
      ['platform/appwrite'],
      ['platform/lib'],
      ['platform/error-messages'],
      ['platform/config.ts'],
      ['platform/server-files.ts'],
    ],
  },
]
