import analytics from './es/analytics.json'
import audit from './es/audit.json'
import automations from './es/automations.json'
import catalogue from './es/catalogue.json'
import common from './es/console.json'
import live from './es/live.json'
import members from './es/members.json'
import orders from './es/orders.json'
import overview from './es/overview.json'
import settings from './es/settings.json'
import storefront from './es/storefront.json'
import synonyms from './es/synonyms.json'

/** The console's texts (es), one file per page, each owning its top-level key (decision 006). */
export const esConsole = {
  ...common,
  ...overview,
  ...members,
  ...orders,
  ...catalogue,
  ...settings,
  ...storefront,
  ...audit,
  ...analytics,
  ...synonyms,
  ...automations,
  ...live,
}
