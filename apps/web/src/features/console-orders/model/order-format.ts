/** Date and time in the page's language and the owner's time zone. */
export const dateTimeFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
