/** The landing page's seven questions (seed-spec section 2), keys under `faq` in the locale files. */
export const LANDING_FAQ_IDS = [
  'contents',
  'platforms',
  'delivery',
  'payment',
  'bonuses',
  'knowledge',
  'updates',
] as const

export type LandingFaqId = (typeof LANDING_FAQ_IDS)[number]
