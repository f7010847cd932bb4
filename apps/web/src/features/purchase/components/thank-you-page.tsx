import { Trans, useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/ui/button'
import { CheckCircleIcon } from '../../../components/ui/icons'
import { MailLink } from '../../../components/ui/mail-link'

const STEPS = ['email', 'password', 'signIn', 'purchase'] as const

const cardClass = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6'

/**
 * Where the payment provider sends a buyer after paying (`/gracias`, `/thank-you`): check your email,
 * what happens next, how a member already signed up gets there, and whom to ask.
 */
export function ThankYouPage({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation()
  return (
    <div className="bg-slate-50">
      <header className="border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-10 text-center sm:px-6 sm:py-14">
          <CheckCircleIcon className="mx-auto size-14 text-green-600" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('thankYou.heading')}
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-700">{t('thankYou.intro')}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <section aria-labelledby="thank-you-email" className="rounded-2xl bg-blue-600 p-5 text-white sm:p-6">
          <h2 id="thank-you-email" className="text-xl font-bold">
            {t('thankYou.email.heading')}
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-blue-50 marker:text-blue-200">
            <li>{t('thankYou.email.arrives')}</li>
            <li>{t('thankYou.email.spam')}</li>
            <li>{t('thankYou.email.link')}</li>
          </ul>
        </section>
        <section aria-labelledby="thank-you-steps" className={cardClass}>
          <h2 id="thank-you-steps" className="text-xl font-bold text-slate-900">
            {t('thankYou.steps.heading')}
          </h2>
          <ol className="mt-4 space-y-4">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{t(`thankYou.steps.${step}.title`)}</p>
                  <p className="text-slate-600">{t(`thankYou.steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <div className="grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="thank-you-member" className={cardClass}>
            <h2 id="thank-you-member" className="text-lg font-bold text-slate-900">
              {t('thankYou.member.heading')}
            </h2>
            <p className="mt-2 text-slate-600">{t('thankYou.member.text')}</p>
            <ButtonLink to="/login" className="mt-4">
              {t('thankYou.member.signIn')}
            </ButtonLink>
          </section>
          <section aria-labelledby="thank-you-support" className={cardClass}>
            <h2 id="thank-you-support" className="text-lg font-bold text-slate-900">
              {t('thankYou.support.heading')}
            </h2>
            <p className="mt-2 text-slate-600">
              <Trans
                i18nKey="thankYou.support.text"
                values={{ email: supportEmail }}
                components={{ mail: <MailLink address={supportEmail} /> }}
              />
            </p>
          </section>
        </div>
      </div>
    </div>
  )
}
