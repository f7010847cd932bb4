import type { FastifyInstance } from 'fastify'
import { APPWRITE_VERSION } from '../appwrite/errors'
import { registerRouteTable } from './route-table'

/** `GET /v1/health/version`, public as in Appwrite: load balancers and test harnesses wait on it. */
export function registerHealthRoutes(app: FastifyInstance): void {
  registerRouteTable(
    app,
    [
      {
        method: 'GET',
        url: '/v1/health/version',
        access: 'public',
        handler: async () => ({ version: APPWRITE_VERSION }),
      },
    ],
    { authenticate: async () => null, unauthorized: 'general_unauthorized_scope' },
  )
}
