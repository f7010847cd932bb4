import analytics from './en/analytics.json'
import audit from './en/audit.json'
import automations from './en/automations.json'
import catalogue from './en/catalogue.json'
import common from './en/console.json'
import live from './en/live.json'
import members from './en/members.json'
import orders from './en/orders.json'
import overview from './en/overview.json'
import settings from './en/settings.json'
import storefront from './en/storefront.json'
import synonyms from './en/synonyms.json'

/** The console's texts (en), one file per page, each owning its top-level key (decision 006). */
export const enConsole = {
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
