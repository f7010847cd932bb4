import type { MailLanguage } from '../../mail/mail-language'

/**
 * Countries (ISO 3166-1 alpha-2) whose buyers get English when the checkout names no language: those
 * where English is the usual language of daily life or business and Spanish is not widely spoken.
 * Puerto Rico, Gibraltar and Belize, where Spanish is common, stay with the store's Spanish default.
 */
const ENGLISH_SPEAKING_COUNTRIES: ReadonlySet<string> = new Set([
  // The main English-speaking countries.
  'US',
  'GB',
  'IE',
  'CA',
  'AU',
  'NZ',
  'ZA',
  // The Caribbean and South America.
  'JM',
  'TT',
  'BS',
  'BB',
  'GY',
  'AG',
  'DM',
  'GD',
  'KN',
  'LC',
  'VC',
  // Africa, Asia and Europe, where English is the language of commerce.
  'NG',
  'GH',
  'KE',
  'UG',
  'TZ',
  'ZM',
  'ZW',
  'BW',
  'IN',
  'SG',
  'PH',
  'MT',
])

/**
 * The language of a buyer's emails, from what the checkout tells: its locale first (`en-GB` → en,
 * `es-419` → es), else the buyer's country (an English-speaking one → en). Undefined when neither says,
 * so the caller keeps the store's default, Spanish.
 */
export function checkoutLanguage(
  locale: string | null | undefined,
  country: string | null | undefined,
): MailLanguage | undefined {
  const primary = locale?.trim().toLowerCase().split(/[-_]/)[0]
  if (primary === 'en' || primary === 'es') return primary
  if (country && ENGLISH_SPEAKING_COUNTRIES.has(country.trim().toUpperCase())) return 'en'
  return undefined
}
