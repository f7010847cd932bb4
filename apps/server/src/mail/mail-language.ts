import { LANGUAGES, requestLanguage, type Language } from '../platform/error-messages/request-language'

export const MAIL_LANGUAGES = LANGUAGES
export type MailLanguage = Language

/**
 * The language a request asks its emails in, as its error messages: `X-Appwrite-Locale`, else
 * `Accept-Language`, else Spanish.
 */
export const requestedMailLanguage = requestLanguage
