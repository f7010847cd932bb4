/** The reasons Appwrite's validators give, for ``Invalid `x` param: …`` messages. */
export const EMAIL_REASON = 'Value must be a valid email address'
export const PASSWORD_REASON = 'Password must be between 8 and 256 characters long.'
/** Appwrite's words when its password dictionary refuses a new password, with this server's bounds. */
export const NEW_PASSWORD_REASON =
  'Password must be between 8 and 256 characters long and should not be one of the commonly used password.'
export const NAME_REASON = 'Value must be a valid string and no longer than 128 chars'
