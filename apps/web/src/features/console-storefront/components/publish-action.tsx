import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StorefrontContent } from '@pg/shared/storefront/content'
import { FormDialog } from '../../../components/console/form-dialog'
import { useNotify } from '../../../components/console/notice'
import { Button } from '../../../components/ui/button'
import { publishDraft, type Published } from '../api/storefront-publish'
import { storefrontKey, storefrontStateQuery } from '../api/storefront-state'
import type { DraftEditor } from '../hooks'
import { changedPaths } from '../model/content-paths'
import { ChangeList } from './change-list'

/**
 * "Publicar": the draft is saved first if it has changes, then the owner confirms what will change, and
 * the saved revision is published; the form starts again from the new version.
 */
export function PublishAction({
  editor,
  published,
  onPublished,
  onRefused,
}: {
  editor: DraftEditor
  published: { version: number; content: StorefrontContent }
  onPublished: (result: Published) => void
  onRefused: () => void
}) {
  const { t } = useTranslation()
  const notify = useNotify()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const changes = changedPaths(published.content, editor.content)

  async function open() {
    setBusy(true)
    const saved = await editor.save()
    setBusy(false)
    if (saved) setConfirming(true)
    else onRefused()
  }

  async function publish() {
    setBusy(true)
    try {
      const result = await publishDraft(editor.revision())
      editor.reset(await queryClient.fetchQuery(storefrontStateQuery()))
      await queryClient.invalidateQueries({ queryKey: storefrontKey })
      setConfirming(false)
      notify('success', t('consoleStorefront.publish.done', { version: result.version }))
      onPublished(result)
    } catch (error) {
      setConfirming(false)
      await editor.refused(error)
      onRefused()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button
        onClick={() => void open()}
        disabled={busy || editor.state === 'conflict' || editor.state === 'published'}
      >
        {t('consoleStorefront.publish.button')}
      </Button>
      {confirming && (
        <FormDialog
          title={t('consoleStorefront.publish.title')}
          text={
            changes.length > 0
              ? t('consoleStorefront.publish.text', { count: changes.length, version: published.version + 1 })
              : t('consoleStorefront.publish.noChanges', { version: published.version })
          }
          submitLabel={t('consoleStorefront.publish.confirm')}
          busy={busy}
          onSubmit={() => void publish()}
          onClose={() => setConfirming(false)}
        >
          {changes.length > 0 && (
            <div className="text-sm text-slate-700">
              <ChangeList paths={changes} />
            </div>
          )}
        </FormDialog>
      )}
    </>
  )
}
