import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { LoadState } from '../../../components/console/console-page'
import { useNotify } from '../../../components/console/notice'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useOwnCampaignChanges, useOwnCampaigns } from '../api/own-campaigns'
import { AddOwnCampaignForm } from './add-own-campaign-form'

const listClass = 'mt-2 flex flex-wrap gap-2'
const chipClass =
  'inline-flex min-h-8 items-center gap-1 rounded-full border border-slate-300 bg-slate-50 px-3 text-sm text-slate-900'

/**
 * The owner's own campaigns (issue 40, decision 071): counted by name whatever the day's bounds, so a
 * flood of made-up campaigns never hides them under "(other)". Those on the buy link (CHECKOUT_URL) are
 * listed apart, not removable here; the owner's are added by name and removed after a confirmation.
 */
export function OwnCampaignsSection() {
  const { t } = useTranslation()
  const notify = useNotify()
  const headingId = useId()
  const namedId = useId()
  const checkoutId = useId()
  const list = useOwnCampaigns()
  const { remove } = useOwnCampaignChanges()
  const [removing, setRemoving] = useState<string | null>(null)
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('consoleAnalytics.ownCampaigns.title')}
      </h3>
      <p className="max-w-prose text-sm text-slate-700">{t('consoleAnalytics.ownCampaigns.intro')}</p>
      {list.data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h4 id={namedId} className="text-sm font-medium text-slate-800">
              {t('consoleAnalytics.ownCampaigns.named', {
                count: list.data.campaigns.length,
                limit: list.data.limit,
              })}
            </h4>
            {list.data.campaigns.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('consoleAnalytics.ownCampaigns.none')}</p>
            ) : (
              <ul aria-labelledby={namedId} className={listClass}>
                {list.data.campaigns.map((campaign) => (
                  <li key={campaign} className={chipClass}>
                    <span className="break-all">{campaign}</span>
                    <button
                      type="button"
                      className="min-h-8 rounded-md px-2 font-medium text-red-700 hover:bg-red-50"
                      onClick={() => setRemoving(campaign)}
                      aria-label={t('consoleAnalytics.ownCampaigns.removeNamed', { campaign })}
                    >
                      {t('consoleAnalytics.ownCampaigns.remove')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h4 id={checkoutId} className="text-sm font-medium text-slate-800">
              {t('consoleAnalytics.ownCampaigns.checkout')}
            </h4>
            {list.data.checkoutCampaigns.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('consoleAnalytics.ownCampaigns.noCheckout')}</p>
            ) : (
              <ul aria-labelledby={checkoutId} className={listClass}>
                {list.data.checkoutCampaigns.map((campaign) => (
                  <li key={campaign} className={chipClass}>
                    <span className="break-all">{campaign}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : (
        <LoadState query={list} />
      )}
      <AddOwnCampaignForm />
      {removing !== null && (
        <ConfirmDialog
          title={t('consoleAnalytics.ownCampaigns.removeTitle')}
          confirmLabel={t('consoleAnalytics.ownCampaigns.remove')}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing)
              notify('success', t('consoleAnalytics.ownCampaigns.removed', { campaign: removing }))
            } catch (error) {
              notify('error', consoleErrorText(error, t))
            }
          }}
        >
          {t('consoleAnalytics.ownCampaigns.removeText', { campaign: removing })}
        </ConfirmDialog>
      )}
    </section>
  )
}
