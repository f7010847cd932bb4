/** "15 de marzo de 2026" / "March 15, 2026", in the member's language and time zone. */
export const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso))

/** With the hour: the download window closes at an exact moment, not at the end of the day. */
export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))
