import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useNotify } from '../../../components/console/notice'
import { consoleErrorText } from '../../../lib/console/console-error'
import { storefrontKey, storefrontStateQuery } from '../api/storefront-state'
import { restoreVersion } from '../api/storefront-versions'
import type { DraftEditor } from '../hooks'

/**
 * "Restaurar": an earlier version published again as a new one. Edits not saved yet are saved first,
 * so whatever the server keeps of the draft holds them; the form then shows what the server has.
 */
export function useRestore(editor: DraftEditor) {
  const { t } = useTranslation()
  const notify = useNotify()
  const queryClient = useQueryClient()
  const { save, reset } = editor
  return useCallback(
    async (version: number): Promise<boolean> => {
      try {
        if (!(await save())) {
          notify('error', t('consoleStorefront.history.saveFirst'))
          return false
        }
        const restored = await restoreVersion(version)
        reset(await queryClient.fetchQuery(storefrontStateQuery()))
        await queryClient.invalidateQueries({ queryKey: storefrontKey })
        notify(
          'success',
          t(
            restored.draftKept
              ? 'consoleStorefront.history.restoredDraftKept'
              : 'consoleStorefront.history.restored',
            {
              version,
              next: restored.version,
            },
          ),
        )
        return true
      } catch (error) {
        notify('error', consoleErrorText(error, t))
        return false
      }
    },
    [notify, queryClient, reset, save, t],
  )
}
