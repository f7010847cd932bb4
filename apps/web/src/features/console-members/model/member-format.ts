/** A day in the page's language and the owner's time zone: "12 mar 2026". */
export const dayFormat = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })

/** A moment in the page's language and the owner's time zone. */
export const momentFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })

/** A count in the page's language (1.234 in Spanish). */
export const countFormat = (language: string) => new Intl.NumberFormat(language)
