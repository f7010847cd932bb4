/** The parts of the content, one form each, in the order an owner reads the landing page. */
export const SECTIONS = ['store', 'landing', 'offer', 'carousel', 'faq', 'pages', 'seo'] as const
export type Section = (typeof SECTIONS)[number]

/** What the page shows beside the forms. */
export const VIEWS = [...SECTIONS, 'preview', 'history'] as const
export type View = (typeof VIEWS)[number]

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`)

/** The form that holds a field: where the problems' summary leads. */
export function sectionOf(path: string): Section {
  if (under(path, 'landing.offer')) return 'offer'
  if (under(path, 'landing.carousel')) return 'carousel'
  if (under(path, 'landing.faq') || under(path, 'faq')) return 'faq'
  if (under(path, 'landing')) return 'landing'
  if (under(path, 'pages')) return 'pages'
  if (under(path, 'seo')) return 'seo'
  return 'store'
}
