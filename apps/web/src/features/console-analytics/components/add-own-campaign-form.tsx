import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ANALYTICS_LIMITS } from '@pg/shared/analytics'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useOwnCampaignChanges } from '../api/own-campaigns'

/** One field, the campaign's name as the links' utm_campaign has it; the server refuses what it must. */
export function AddOwnCampaignForm() {
  const { t } = useTranslation()
  const notify = useNotify()
  const { add } = useOwnCampaignChanges()
  const [campaign, setCampaign] = useState('')
  const [missing, setMissing] = useState(false)
  const [refusal, setRefusal] = useState('')

  async function submit(event: FormEvent) {
    event.preventDefault()
    const name = campaign.trim()
    setMissing(name === '')
    setRefusal('')
    if (name === '') return
    try {
      await add.mutateAsync(name)
      notify('success', t('consoleAnalytics.ownCampaigns.added', { campaign: name }))
      setCampaign('')
    } catch (error) {
      setRefusal(consoleErrorText(error, t))
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <FormField
        label={t('consoleAnalytics.ownCampaigns.campaign')}
        hint={t('consoleAnalytics.ownCampaigns.hint', { characters: ANALYTICS_LIMITS.textLength })}
        error={missing ? t('consoleAnalytics.ownCampaigns.required') : undefined}
      >
        {(control) => (
          <input
            {...control}
            value={campaign}
            maxLength={ANALYTICS_LIMITS.textLength}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setCampaign(event.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <Button type="submit" disabled={add.isPending}>
        {t('consoleAnalytics.ownCampaigns.add')}
      </Button>
    </form>
  )
}
