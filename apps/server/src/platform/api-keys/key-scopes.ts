import type { ApiKeyScope } from '@pg/shared/automations'

const DOCUMENTS = '/v1/databases/:databaseId/collections/:collectionId/documents'

/**
 * The routes an API key may call, each with the scope it needs (Appwrite's names, issue 44). A route
 * not listed here (the console's settings, the storefront, keys and webhooks themselves) answers
 * `general_unauthorized_scope` to every key: only a signed-in admin reaches it.
 */
const ROUTE_SCOPES: ReadonlyMap<string, ApiKeyScope> = new Map([
  ['GET /v1/users', 'users.read'],
  ['GET /v1/users/:userId', 'users.read'],
  ['GET /v1/users/:userId/sessions', 'users.read'],
  ['POST /v1/users', 'users.write'],
  ['DELETE /v1/users/:userId', 'users.write'],
  ['PATCH /v1/users/:userId/name', 'users.write'],
  ['PATCH /v1/users/:userId/email', 'users.write'],
  ['PATCH /v1/users/:userId/status', 'users.write'],
  ['PUT /v1/users/:userId/labels', 'users.write'],
  ['DELETE /v1/users/:userId/sessions', 'users.write'],
  ['DELETE /v1/users/:userId/sessions/:sessionId', 'users.write'],
  [`GET ${DOCUMENTS}`, 'documents.read'],
  [`GET ${DOCUMENTS}/:documentId`, 'documents.read'],
  [`POST ${DOCUMENTS}`, 'documents.write'],
  [`PATCH ${DOCUMENTS}/:documentId`, 'documents.write'],
  [`DELETE ${DOCUMENTS}/:documentId`, 'documents.write'],
  ['GET /v1/store/orders', 'orders.read'],
  ['GET /v1/store/orders/:orderId', 'orders.read'],
  ['POST /v1/store/orders', 'orders.write'],
  ['POST /v1/store/orders/:orderId/grant', 'orders.write'],
  ['POST /v1/store/orders/:orderId/refund', 'orders.write'],
  ['GET /v1/store/analytics', 'analytics.read'],
  ['GET /v1/store/analytics/export', 'analytics.read'],
])

/** The scope a route needs from a key, by its method and URL pattern; undefined: no key may call it. */
export const scopeOfRoute = (method: string, url: string | undefined): ApiKeyScope | undefined =>
  url === undefined ? undefined : ROUTE_SCOPES.get(`${method} ${url}`)

/** Every route a key may call (the test that drives each of them with the SDK reads it). */
export const keyRoutes = () => [...ROUTE_SCOPES.entries()].map(([route, scope]) => ({ route, scope }))
