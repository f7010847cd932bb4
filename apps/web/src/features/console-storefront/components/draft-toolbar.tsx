import type { StorefrontContent } from '@pg/shared/storefront/content'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import type { Published } from '../api/storefront-publish'
import type { DraftEditor } from '../hooks'
import { DiscardAction } from './discard-action'
import { PublishAction } from './publish-action'
import { SaveStatus } from './save-status'

/** The draft's state and what the owner does with it: save now, discard, publish. */
export function DraftToolbar({
  editor,
  published,
  problemCount,
  onRefused,
  onPublished,
}: {
  editor: DraftEditor
  published: { version: number; content: StorefrontContent }
  problemCount: number
  onRefused: () => void
  onPublished: (result: Published) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <SaveStatus
        state={editor.state}
        savedAt={editor.savedAt}
        problemCount={problemCount}
        failure={editor.failure}
        publishedVersion={published.version}
      />
      <div className="flex flex-wrap gap-2">
        <DiscardAction editor={editor} publishedVersion={published.version} />
        <Button
          variant="secondary"
          disabled={editor.state === 'saving' || editor.state === 'conflict'}
          onClick={() => void editor.save().then((saved) => saved || onRefused())}
        >
          {t('consoleStorefront.saveDraft')}
        </Button>
        <PublishAction
          editor={editor}
          published={published}
          onPublished={onPublished}
          onRefused={onRefused}
        />
      </div>
    </div>
  )
}
