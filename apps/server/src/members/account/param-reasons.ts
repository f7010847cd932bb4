import { said } from '../../platform/error-messages/error-message'

/** The reasons Appwrite's validators give, for ``Invalid `x` param: …`` messages. */
export const EMAIL_REASON = said('emailReason')
export const PASSWORD_REASON = said('passwordReason')
/** Appwrite's words when its password dictionary refuses a new password, with this server's bounds. */
export const NEW_PASSWORD_REASON = said('newPasswordReason')
export const NAME_REASON = said('nameReason')
