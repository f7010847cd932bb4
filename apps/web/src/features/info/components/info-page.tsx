import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import { formatUpdatedOn } from '../updated-on'
import { RelatedPages } from './related-pages'

type InfoPageContent = ResolvedStorefront['pages'][keyof ResolvedStorefront['pages']]

/** Pages with at least this many sections get a table of contents, and numbered headings. */
const TOC_MIN_SECTIONS = 5

/**
 * An information page: title, date, then the owner's text (Markdown made into HTML and sanitised by the
 * server, decision 073: its quote is the page's summary box, its `##` headings the sections and the
 * table of contents), then whatever the page adds (the FAQ's questions) and the related pages.
 */
export function InfoPage({
  path,
  page,
  children,
}: {
  path: string
  page: InfoPageContent
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const withToc = page.toc.length >= TOC_MIN_SECTIONS
  // Without a table of contents the page is one column of reading width, centred.
  const width = withToc ? 'max-w-6xl' : 'max-w-3xl'
  return (
    <article className="bg-white">
      <header className="border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white">
        <div className={`mx-auto ${width} px-4 py-12 sm:px-6 sm:py-16 lg:px-8`}>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
          {page.updatedOn && (
            <p className="mt-3 text-sm text-slate-600">
              {t('info.lastUpdated')}{' '}
              <time dateTime={page.updatedOn}>{formatUpdatedOn(page.updatedOn, i18n.language)}</time>
            </p>
          )}
        </div>
      </header>
      <div
        className={`mx-auto ${width} px-4 py-10 sm:px-6 lg:px-8 ${withToc ? 'lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12' : ''}`}
      >
        {withToc && (
          <nav aria-labelledby="toc-heading" className="mb-10 lg:mb-0">
            <div className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 lg:sticky lg:top-24">
              <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
                {t('info.toc')}
              </h2>
              <ol className="mt-3 space-y-1 text-sm">
                {page.toc.map((section, index) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="block rounded px-1 py-1.5 text-slate-700 hover:text-blue-700 hover:underline"
                    >
                      {index + 1}. {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
        )}
        <div className="min-w-0 max-w-3xl">
          <div
            className="info-body mb-10"
            data-numbered={withToc ? '' : undefined}
            // The server made this HTML from the owner's Markdown through an allow-list (markdown.ts):
            // no raw HTML, script, style or event attribute reaches it.
            dangerouslySetInnerHTML={{ __html: page.html }}
          />
          {children}
          <RelatedPages current={path} />
        </div>
      </div>
    </article>
  )
}
