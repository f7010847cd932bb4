/** A moment in the page's language and the owner's time zone. */
export const dateTimeFormat = (language: string, withSeconds = false) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short' })

/** A day in the page's language (a key's expiry). */
export const dateFormat = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })
