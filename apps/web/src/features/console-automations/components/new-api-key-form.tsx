import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../../components/console/form-dialog'
import { FormField, inputClass } from '../../../components/console/form-field'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useCreateApiKey, type CreatedApiKey } from '../api/api-keys-api'
import {
  API_KEY_SCOPES,
  checkKeyDraft,
  dayOf,
  emptyKeyDraft,
  type KeyDraft,
  type KeyDraftProblem,
} from '../model/key-draft'
import { CheckboxGroup, toggled } from './checkbox-group'

/**
 * A new API key: its name, its scopes (each said in words) and an optional last day. A draft with
 * problems shows each under its field and focuses the first; the server's refusal shows in the dialog.
 * The created key, secret included, goes to `onCreated` and nowhere else.
 */
export function NewApiKeyForm({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (key: CreatedApiKey) => void
}) {
  const { t } = useTranslation()
  const create = useCreateApiKey()
  const form = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState<KeyDraft>(emptyKeyDraft)
  const [errors, setErrors] = useState<Partial<Record<keyof KeyDraft, KeyDraftProblem>>>({})
  const [refusal, setRefusal] = useState('')
  const edit = (change: Partial<KeyDraft>) => setDraft((old) => ({ ...old, ...change }))
  const problem = (field: keyof KeyDraft) => {
    const found = errors[field]
    return found && t(`consoleAutomations.keys.errors.${found}`)
  }

  async function submit() {
    const checked = checkKeyDraft(draft)
    // Drawn at once, so that the first field in error can take the focus.
    flushSync(() => {
      setErrors(checked.errors)
      setRefusal('')
    })
    if (!checked.input) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    try {
      const created = await create.mutateAsync(checked.input)
      // The mutation forgets its answer: the secret stays only where `onCreated` puts it.
      create.reset()
      onCreated(created)
    } catch (error) {
      setRefusal(consoleErrorText(error, t))
    }
  }

  return (
    <FormDialog
      title={t('consoleAutomations.keys.form.title')}
      text={t('consoleAutomations.keys.form.text')}
      submitLabel={
        create.isPending
          ? t('consoleAutomations.keys.form.submitting')
          : t('consoleAutomations.keys.form.submit')
      }
      busy={create.isPending}
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
        label={t('consoleAutomations.keys.form.name')}
        hint={t('consoleAutomations.keys.form.nameHint')}
        error={problem('name')}
      >
        {(control) => (
          <input
            {...control}
            required
            maxLength={64}
            autoComplete="off"
            value={draft.name}
            onChange={(event) => edit({ name: event.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <CheckboxGroup
        legend={t('consoleAutomations.keys.form.scopes')}
        hint={t('consoleAutomations.keys.form.scopesHint')}
        error={problem('scopes')}
        choices={API_KEY_SCOPES.map((scope) => ({
          value: scope,
          label: (
            <>
              <code className="font-semibold text-slate-900">{scope}</code>
              <span className="block text-slate-700">{t(`consoleAutomations.scopes.${scope}`)}</span>
            </>
          ),
        }))}
        checked={draft.scopes}
        onToggle={(scope, on) => setDraft((old) => ({ ...old, scopes: toggled(old.scopes, scope, on) }))}
      />
      <FormField
        label={t('consoleAutomations.keys.form.expire')}
        hint={t('consoleAutomations.keys.form.expireHint')}
        error={problem('expire')}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            min={dayOf(new Date())}
            value={draft.expire}
            onChange={(event) => edit({ expire: event.target.value })}
            className={`${inputClass} sm:max-w-xs`}
          />
        )}
      </FormField>
    </FormDialog>
  )
}
