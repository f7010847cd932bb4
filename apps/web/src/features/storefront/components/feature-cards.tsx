import type { ComponentType, SVGProps } from 'react'
import { useTranslation } from 'react-i18next'
import { FolderIcon, HeartIcon, SearchIcon } from '../../../components/ui/icons'

const features: {
  key: 'search' | 'favorites' | 'categories'
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}[] = [
  { key: 'search', Icon: SearchIcon },
  { key: 'favorites', Icon: HeartIcon },
  { key: 'categories', Icon: FolderIcon },
]

/** The three advertised features (seed-spec section 1). */
export function FeatureCards() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
      <h2 id="features-heading" className="sr-only">
        {t('welcome.featuresHeading')}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {features.map(({ key, Icon }) => (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
              <Icon className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`welcome.${key}.title`)}</h3>
            <p className="mt-2 leading-7 text-slate-600">{t(`welcome.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
