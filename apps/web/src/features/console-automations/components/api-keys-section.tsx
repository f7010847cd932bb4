import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { useNotify } from '../../../components/console/notice'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useRevokeApiKey, type CreatedApiKey } from '../api/api-keys-api'
import type { ApiKey } from '../api/automations-api'
import { ApiKeysTable } from './api-keys-table'
import { ConnectionDetails } from './connection-details'
import { NewApiKeyForm } from './new-api-key-form'
import { SecretOnce } from './secret-once'

/**
 * The API keys (issue 44): the list, "New key" (the secret shown once, then forgotten), and revoking
 * one after a confirmation.
 */
export function ApiKeysSection({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation()
  const notify = useNotify()
  const headingId = useId()
  const revoke = useRevokeApiKey()
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('consoleAutomations.keys.heading')}
        </h3>
        <Button onClick={() => setCreating(true)}>{t('consoleAutomations.keys.create')}</Button>
      </div>
      <p className="max-w-prose text-sm text-slate-700">{t('consoleAutomations.keys.intro')}</p>
      <ConnectionDetails />
      {created && (
        <SecretOnce
          heading={t('consoleAutomations.keys.secretHeading', { name: created.name })}
          warning={t('consoleAutomations.keys.secretWarning')}
          label={t('consoleAutomations.keys.secretLabel')}
          secret={created.secret}
          onDismiss={() => setCreated(null)}
        />
      )}
      <ApiKeysTable keys={keys} onRevoke={setRevoking} />
      {creating && (
        <NewApiKeyForm
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false)
            setCreated(key)
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('consoleAutomations.keys.revokeTitle', { name: revoking.name })}
          confirmLabel={t('consoleAutomations.keys.revoke')}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            try {
              await revoke.mutateAsync(revoking.$id)
              notify('success', t('consoleAutomations.keys.revoked', { name: revoking.name }))
            } catch (error) {
              notify('error', consoleErrorText(error, t))
            }
          }}
        >
          {t('consoleAutomations.keys.revokeText')}
        </ConfirmDialog>
      )}
    </section>
  )
}
