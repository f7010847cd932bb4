import { useTranslation } from 'react-i18next'
import { SEO_PAGES, type StorefrontContent } from '@pg/shared/storefront/content'
import { part, type Bound } from '../model/bound'
import { PAGE_NAMES } from '../model/public-pages'
import { LocalizedField, TextField } from './fields'
import { Group, SectionFrame } from './section-frame'

/** What search engines and social cards show: the site's description, the card's image text, each page's head. */
export function SeoSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const seo = part(bound, 'seo')
  const pages = part(seo, 'pages')
  return (
    <SectionFrame title={t('consoleStorefront.sections.seo')} intro={t('consoleStorefront.intros.seo')}>
      <Group legend={t('consoleStorefront.groups.site')}>
        <LocalizedField
          label={t('consoleStorefront.labels.siteDescription')}
          bound={part(seo, 'siteDescription')}
          rows={2}
        />
        <TextField
          label={t('consoleStorefront.labels.socialImage')}
          bound={part(seo, 'image')}
          inputMode="url"
          hint={t('consoleStorefront.hints.socialImage')}
        />
        <LocalizedField label={t('consoleStorefront.labels.imageAlt')} bound={part(seo, 'imageAlt')} />
      </Group>
      {SEO_PAGES.map((path) => {
        const page = part(pages, path)
        return (
          <Group
            key={path}
            legend={t('consoleStorefront.seo.page', {
              name: t(`consoleStorefront.pageNames.${PAGE_NAMES[path]}`),
              path,
            })}
          >
            <LocalizedField
              label={t('consoleStorefront.labels.title')}
              bound={part(page, 'title')}
              optional
              hint={t('consoleStorefront.hints.seoTitle')}
            />
            <LocalizedField
              label={t('consoleStorefront.labels.description')}
              bound={part(page, 'description')}
              rows={2}
            />
            <LocalizedField
              label={t('consoleStorefront.labels.socialTitle')}
              bound={part(page, 'socialTitle')}
              optional
              hint={t('consoleStorefront.hints.socialTitle')}
            />
          </Group>
        )
      })}
    </SectionFrame>
  )
}
