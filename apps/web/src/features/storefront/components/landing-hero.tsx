import { useTranslation } from 'react-i18next'
import { BuyButton } from './buy-button'
import { CheckIcon } from './storefront-icons'

const points = ['oneOff', 'delivery', 'bonuses'] as const

/** The offer: what the bundle is, its price and the way to buy it. Text only, so it paints first. */
export function LandingHero() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="landing-title"
      className="relative overflow-hidden bg-gradient-to-br from-slate-950 via-blue-950 to-indigo-900 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-blue-100 ring-1 ring-white/20">
          {t('landing.hero.eyebrow')}
        </p>
        <h1
          id="landing-title"
          className="mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {t('landing.hero.title')}
        </h1>
        <p className="mt-6 max-w-3xl text-lg leading-8 text-pretty text-blue-100 sm:text-xl">
          {t('landing.hero.subtitle')}
        </p>
        <ul className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
          {points.map((point) => (
            <li key={point} className="flex items-center gap-2 font-medium text-white">
              <CheckIcon className="size-5 shrink-0 text-emerald-300" />
              {t(`landing.hero.points.${point}`)}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-start">
          <BuyButton tone="dark" />
          <a
            href="#features"
            className="inline-flex items-center justify-center rounded-xl px-6 py-3.5 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
          >
            {t('landing.hero.secondary')}
          </a>
        </div>
      </div>
    </section>
  )
}
