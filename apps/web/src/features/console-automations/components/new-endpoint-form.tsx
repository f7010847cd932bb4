import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../../components/console/form-dialog'
import { FormField, inputClass } from '../../../components/console/form-field'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useWebhookEndpointChanges, type CreatedWebhookEndpoint } from '../api/webhook-endpoints-api'
import {
  checkEndpointDraft,
  emptyEndpointDraft,
  EVENT_GROUPS,
  type EndpointDraft,
  type EndpointDraftProblem,
} from '../model/endpoint-draft'
import { CheckboxGroup, toggled } from './checkbox-group'
import { useEventName } from './use-event-name'

/**
 * A new webhook endpoint: its address and its events, grouped by what they are about (orders,
 * members, projects), each with the name a receiver matches on. The created endpoint, signing secret
 * included, goes to `onCreated` and nowhere else.
 */
export function NewEndpointForm({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (endpoint: CreatedWebhookEndpoint) => void
}) {
  const { t } = useTranslation()
  const eventName = useEventName()
  const { add } = useWebhookEndpointChanges()
  const form = useRef<HTMLFormElement>(null)
  const eventsId = useId()
  const [draft, setDraft] = useState<EndpointDraft>(emptyEndpointDraft)
  const [errors, setErrors] = useState<Partial<Record<keyof EndpointDraft, EndpointDraftProblem>>>({})
  const [refusal, setRefusal] = useState('')
  const eventsError = errors.events && t(`consoleAutomations.webhooks.errors.${errors.events}`)

  async function submit() {
    const checked = checkEndpointDraft(draft)
    flushSync(() => {
      setErrors(checked.errors)
      setRefusal('')
    })
    if (!checked.input) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    try {
      const created = await add.mutateAsync(checked.input)
      // The mutation forgets its answer: the secret stays only where `onCreated` puts it.
      add.reset()
      onCreated(created)
    } catch (error) {
      setRefusal(consoleErrorText(error, t))
    }
  }

  return (
    <FormDialog
      title={t('consoleAutomations.webhooks.form.title')}
      text={t('consoleAutomations.webhooks.form.text')}
      submitLabel={
        add.isPending
          ? t('consoleAutomations.webhooks.form.submitting')
          : t('consoleAutomations.webhooks.form.submit')
      }
      busy={add.isPending}
      form={form}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <FormField
        label={t('consoleAutomations.webhooks.form.url')}
        hint={t('consoleAutomations.webhooks.form.urlHint')}
        error={errors.url && t(`consoleAutomations.webhooks.errors.${errors.url}`)}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            required
            maxLength={2048}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            value={draft.url}
            onChange={(event) => setDraft((old) => ({ ...old, url: event.target.value }))}
            className={inputClass}
          />
        )}
      </FormField>
      <fieldset
        aria-describedby={[`${eventsId}-hint`, eventsError ? `${eventsId}-error` : ''].join(' ').trim()}
        className="min-w-0"
      >
        <legend className="text-sm font-medium text-slate-800">
          {t('consoleAutomations.webhooks.form.events')}
        </legend>
        <p id={`${eventsId}-hint`} className="mt-1 text-xs text-slate-600">
          {t('consoleAutomations.webhooks.form.eventsHint')}
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {EVENT_GROUPS.map(({ group, events }) => (
            <CheckboxGroup
              key={group}
              legend={t(`consoleAutomations.groups.${group}`)}
              legendClass="text-sm font-semibold text-slate-900"
              invalid={Boolean(eventsError)}
              choices={events.map((event) => ({
                value: event,
                label: (
                  <>
                    <span className="block">{eventName(event)}</span>
                    <code className="text-xs text-slate-600">{event}</code>
                  </>
                ),
              }))}
              checked={draft.events}
              onToggle={(event, on) =>
                setDraft((old) => ({ ...old, events: toggled(old.events, event, on) }))
              }
            />
          ))}
        </div>
        {eventsError && (
          <p id={`${eventsId}-error`} className="mt-1 text-sm text-red-700">
            {eventsError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  )
}
