import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { STOREFRONT_LANGUAGES, type StorefrontLanguage } from '@pg/shared/storefront/content'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { LoadState } from '../../../components/console/console-page'
import { usePreview } from '../api/storefront-preview'
import { PAGE_NAMES, PREVIEW_PAGES, type PreviewPage } from '../model/public-pages'
import { PREVIEW_SIZES, PreviewFrame, type PreviewSize } from './preview-frame'

const pressedClass = (pressed: boolean) =>
  `inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium ring-1 ring-inset ${
    pressed
      ? 'bg-slate-900 text-white ring-slate-900'
      : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
  }`

/** "Vista previa": a public page as a visitor will see it with the saved draft, in either language and width. */
export function PreviewPanel() {
  const { t, i18n } = useTranslation()
  const id = useId()
  const [page, setPage] = useState<PreviewPage>('/landing-pack-apps')
  const [lang, setLang] = useState<StorefrontLanguage>(i18n.language.startsWith('en') ? 'en' : 'es')
  const [size, setSize] = useState<PreviewSize>('phone')
  const preview = usePreview(page, lang)
  const pageName = t(`consoleStorefront.pageNames.${PAGE_NAMES[page]}`)
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t('consoleStorefront.sections.preview')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t('consoleStorefront.intros.preview')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-page`} className={labelClass}>
            {t('consoleStorefront.preview.page')}
          </label>
          <select
            id={`${id}-page`}
            value={page}
            onChange={(event) =>
              setPage(PREVIEW_PAGES.find((choice) => choice === event.target.value) ?? page)
            }
            className={inputClass}
          >
            {PREVIEW_PAGES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`consoleStorefront.pageNames.${PAGE_NAMES[choice]}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-lang`} className={labelClass}>
            {t('consoleStorefront.preview.language')}
          </label>
          <select
            id={`${id}-lang`}
            value={lang}
            onChange={(event) =>
              setLang(STOREFRONT_LANGUAGES.find((choice) => choice === event.target.value) ?? lang)
            }
            className={inputClass}
          >
            {STOREFRONT_LANGUAGES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`consoleStorefront.languages.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label={t('consoleStorefront.preview.width')} className="flex gap-2">
          {(['phone', 'desktop'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={size === choice}
              onClick={() => setSize(choice)}
              className={pressedClass(size === choice)}
            >
              {t(`consoleStorefront.preview.sizes.${choice}`, { width: PREVIEW_SIZES[choice].width })}
            </button>
          ))}
        </div>
      </div>
      <p role="status" className="text-sm text-slate-600">
        {preview.data !== undefined && preview.isFetching ? t('consoleStorefront.preview.loading') : ''}
      </p>
      {preview.data !== undefined ? (
        <PreviewFrame
          html={preview.data}
          size={size}
          title={t('consoleStorefront.preview.frameTitle', {
            page: pageName,
            language: t(`consoleStorefront.languages.${lang}`),
            width: PREVIEW_SIZES[size].width,
          })}
        />
      ) : (
        <LoadState query={preview} loadingText={t('consoleStorefront.preview.loading')} />
      )}
    </section>
  )
}
