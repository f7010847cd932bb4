import fp from 'fastify-plugin'
import type { Config } from '../platform/config'
import { installErrorHandler } from '../platform/http/error-handler'
import { registerWebApp, type WebConfig } from './web-app'

export interface PagesWingOptions {
  config: WebConfig & Pick<Config, 'development'>
}

/**
 * The storefront's prerendered pages and the web app's shells, served with their own headers; what the
 * API has no answer for is a page for a browser and Appwrite's error for the SDK.
 */
export const pagesWing = fp<PagesWingOptions>(
  async (app, { config }) => {
    installErrorHandler(app, {
      development: config.development,
      page: await registerWebApp(app, config, app.storeOrigin),
    })
  },
  { name: 'pages', dependencies: ['platform'] },
)
