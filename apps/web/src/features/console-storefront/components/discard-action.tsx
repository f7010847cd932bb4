import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { useNotify } from '../../../components/console/notice'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { discardDraft } from '../api/storefront-draft'
import { storefrontKey, storefrontStateQuery } from '../api/storefront-state'
import type { DraftEditor } from '../hooks'

/** "Descartar borrador": the saved draft is deleted and the form shows the published version again. */
export function DiscardAction({
  editor,
  publishedVersion,
}: {
  editor: DraftEditor
  publishedVersion: number
}) {
  const { t } = useTranslation()
  const notify = useNotify()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  if (editor.state === 'published') return null

  async function discard() {
    try {
      await discardDraft()
      editor.reset(await queryClient.fetchQuery(storefrontStateQuery()))
      await queryClient.invalidateQueries({ queryKey: storefrontKey })
      notify('success', t('consoleStorefront.discard.done', { version: publishedVersion }))
      document.getElementById('storefront-save-status')?.focus()
    } catch (error) {
      notify('error', consoleErrorText(error, t))
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('consoleStorefront.discard.button')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('consoleStorefront.discard.title')}
          confirmLabel={t('consoleStorefront.discard.confirm')}
          onConfirm={discard}
          onClose={() => setConfirming(false)}
        >
          {t('consoleStorefront.discard.text', { version: publishedVersion })}
        </ConfirmDialog>
      )}
    </>
  )
}
