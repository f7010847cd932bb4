import { useTranslation } from 'react-i18next'
import { INFO_PAGE_PATHS, INFO_PAGES, type StorefrontContent } from '@pg/shared/storefront/content'
import { part, type Bound } from '../model/bound'
import { LocalizedField } from './fields'
import { Group, SectionFrame } from './section-frame'

/** The five information pages: a title and a Markdown body each. */
export function PagesSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const pages = part(bound, 'pages')
  return (
    <SectionFrame title={t('consoleStorefront.sections.pages')} intro={t('consoleStorefront.intros.pages')}>
      <div className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-slate-800">
        <p className="font-semibold">{t('consoleStorefront.markdown.title')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>{t('consoleStorefront.markdown.headings')}</li>
          <li>{t('consoleStorefront.markdown.emphasis')}</li>
          <li>{t('consoleStorefront.markdown.lists')}</li>
          <li>{t('consoleStorefront.markdown.links')}</li>
          <li>{t('consoleStorefront.markdown.email')}</li>
        </ul>
      </div>
      {INFO_PAGES.map((key) => {
        const page = part(pages, key)
        return (
          <Group key={key} legend={`${t(`consoleStorefront.labels.${key}`)} (${INFO_PAGE_PATHS[key]})`}>
            <LocalizedField label={t('consoleStorefront.labels.title')} bound={part(page, 'title')} />
            <LocalizedField label={t('consoleStorefront.labels.body')} bound={part(page, 'body')} rows={12} />
          </Group>
        )
      })}
    </SectionFrame>
  )
}
