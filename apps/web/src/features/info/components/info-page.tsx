import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { POLICIES_UPDATED_ON } from '../contact'
import { formatUpdatedOn, type InfoSection } from '../info-content'
import { RelatedPages } from './related-pages'

/** Pages with more sections than this get a table of contents. */
const TOC_MIN_SECTIONS = 5

function SectionBody({ section }: { section: InfoSection }) {
  return (
    <>
      {section.paragraphs?.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.items && (
        <ul className="list-disc space-y-2 pl-6 marker:text-blue-600">
          {section.items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {section.closing?.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </>
  )
}

/** An information page: title, date, summary, table of contents when long, sections, related pages. */
export function InfoPage({
  path,
  title,
  intro,
  highlights,
  sections,
  children,
}: {
  path: string
  title: string
  intro: string
  highlights?: Record<string, string>
  sections: InfoSection[]
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const withToc = sections.length >= TOC_MIN_SECTIONS
  // Without a table of contents the page is one column of reading width, centred.
  const width = withToc ? 'max-w-6xl' : 'max-w-3xl'
  return (
    <article className="bg-white">
      <header className="border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white">
        <div className={`mx-auto ${width} px-4 py-12 sm:px-6 sm:py-16 lg:px-8`}>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            {t('info.lastUpdated')}{' '}
            <time dateTime={POLICIES_UPDATED_ON}>{formatUpdatedOn(i18n.language)}</time>
          </p>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-slate-700">{intro}</p>
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
                {sections.map((section, index) => (
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
          {highlights && (
            <aside
              aria-labelledby="summary-heading"
              className="mb-10 rounded-2xl bg-blue-50 p-6 ring-1 ring-blue-100"
            >
              <h2 id="summary-heading" className="font-semibold text-slate-900">
                {t('info.summary')}
              </h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 marker:text-blue-600">
                {Object.entries(highlights).map(([key, text]) => (
                  <li key={key}>{text}</li>
                ))}
              </ul>
            </aside>
          )}
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mb-10"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900 sm:text-2xl">
                {withToc ? `${index + 1}. ` : ''}
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-7 text-slate-700">
                <SectionBody section={section} />
              </div>
            </section>
          ))}
          {children}
          <RelatedPages current={path} />
        </div>
      </div>
    </article>
  )
}
