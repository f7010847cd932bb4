import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/ui/button'
import { ArrowRightIcon } from '../../../components/ui/icons'

export function WelcomeHero() {
  const { t } = useTranslation()
  return (
    <section className="bg-gradient-to-b from-blue-50 to-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
          {t('welcome.title')}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 sm:text-xl">
          {t('welcome.subtitle')}
        </p>
        <div className="mt-10 flex justify-center">
          <ButtonLink to="/search" size="lg">
            {t('welcome.browse')}
            <ArrowRightIcon className="size-5" />
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
