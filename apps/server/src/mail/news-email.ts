import { composeEmail } from './email-layout'
import type { MailLanguage } from './mail-language'
import type { StoreIdentity } from './store-identity'
import { storeEmailWords, storePage } from './store-email-words'

/** How many of the week's projects the email names; the rest are "and N more". */
export const NEWS_EMAIL_PROJECTS = 20

/** A project added in the week, as the email names it. */
export interface NewsProject {
  id: string
  title: string
  /** Its category's name; null for a project without one. */
  category: string | null
}

/**
 * What the weekly "what's new" email needs from the wings above the mail's (returning/news provides it):
 * the week's projects as they are when the email is sent, and the signed link that turns the email off.
 */
export interface WeeklyNews {
  /** The newest `limit` projects of the week a `news_emails` row names and how many in all; null without the row. */
  projectsOf(newsEmailId: string, limit: number): Promise<{ projects: NewsProject[]; total: number } | null>
  /** The one-click link (RFC 8058) that turns the member's weekly email off, with no sign-in. */
  unsubscribeLink(userId: string, origin: string): Promise<string>
}

const copy = {
  es: {
    subject: (count: number, store: string) =>
      count === 1
        ? `Novedades en ${store}: 1 proyecto nuevo`
        : `Novedades en ${store}: ${count} proyectos nuevos`,
    added: (count: number) =>
      count === 1
        ? 'Esta semana hemos añadido un proyecto nuevo a la galería:'
        : `Esta semana hemos añadido ${count} proyectos nuevos a la galería:`,
    more: (count: number) => (count === 1 ? 'Y 1 más.' : `Y ${count} más.`),
    action: 'Ver las novedades',
    optOut: (account: string) =>
      `Recibes este correo una vez por semana cuando hay proyectos nuevos. Para dejar de recibirlo, desactívalo en «Mi cuenta» (${account}) o usa este enlace:`,
  },
  en: {
    subject: (count: number, store: string) =>
      count === 1 ? `New in ${store}: 1 new project` : `New in ${store}: ${count} new projects`,
    added: (count: number) =>
      count === 1
        ? 'This week we added one new project to the gallery:'
        : `This week we added ${count} new projects to the gallery:`,
    more: (count: number) => `And ${count} more.`,
    action: 'See what’s new',
    optOut: (account: string) =>
      `You get this email once a week when there are new projects. To stop it, turn it off in “My account” (${account}) or use this link:`,
  },
} satisfies Record<MailLanguage, unknown>

/** Where a project's details open in the gallery: `/search?project=…` (the web app's gallery address). */
export const projectPage = (origin: string, id: string) =>
  storePage(origin, `/search?project=${encodeURIComponent(id)}`)

/** The weekly email to a member: the projects added that week, with links into the gallery. */
export function newsEmail(input: {
  language: MailLanguage
  name: string
  projects: NewsProject[]
  /** How many projects the week added in all (the email names at most NEWS_EMAIL_PROJECTS). */
  total: number
  origin: string
  unsubscribeLink: string
  store: StoreIdentity
}) {
  const words = copy[input.language]
  const store = storeEmailWords[input.language]
  const rest = input.total - input.projects.length
  return composeEmail({
    language: input.language,
    store: input.store,
    subject: words.subject(input.total, input.store.name),
    parts: [
      { paragraph: store.greeting(input.name) },
      { paragraph: words.added(input.total) },
      {
        links: input.projects.map((project) => ({
          label: project.category ? `${project.title} · ${project.category}` : project.title,
          href: projectPage(input.origin, project.id),
        })),
      },
      ...(rest > 0 ? [{ paragraph: words.more(rest) }] : []),
      { button: words.action, href: storePage(input.origin, '/home') },
      { note: words.optOut(storePage(input.origin, '/account')) },
      { note: input.unsubscribeLink },
      { paragraph: store.help(input.store.supportEmail) },
    ],
  })
}
