/**
 * Both languages, for the tests and the types. The app itself loads only the page's language, as a
 * chunk of its own (lib/i18n.ts), so a visitor never downloads the other one's texts.
 */
export { en } from './en'
export { es } from './es'
