import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StorefrontContent } from '@pg/shared/storefront/content'
import type { Published } from '../api/storefront-publish'
import { useStorefrontState, type StorefrontState } from '../api/storefront-state'
import { useDraftEditor } from '../hooks'
import { fieldId, type Bound } from '../model/bound'
import { sectionOf, type Section, type View } from '../model/views'
import { DraftToolbar } from './draft-toolbar'
import { ConflictNotice } from './conflict-notice'
import { HistoryPanel } from './history-panel'
import { LeaveDialog } from './leave-dialog'
import { PreviewPanel } from './preview-panel'
import { ProblemSummary } from './problem-summary'
import { ProblemsContext } from './problems-context'
import { PublishedNotice } from './published-notice'
import { SectionForm } from './section-form'
import { useLeaveGuard } from './use-leave-guard'
import { useRestore } from './use-restore'
import { ViewNav } from './view-nav'

/** The element of a path, else of the nearest path above it that has one (a list for its item). */
function elementOf(path: string): HTMLElement | null {
  const parts = path.split('.')
  for (let length = parts.length; length > 0; length -= 1) {
    const element = document.getElementById(fieldId(parts.slice(0, length).join('.')))
    if (element) return element
  }
  return null
}

/**
 * The page "Tienda": the draft's forms one at a time, its save state and actions above them, what went
 * wrong at the top, the preview and the history beside the forms.
 */
export function StorefrontEditor({
  initial,
  view,
  onView,
}: {
  initial: StorefrontState
  view: View
  onView: (view: View) => void
}) {
  const { t } = useTranslation()
  const editor = useDraftEditor(initial)
  const published = useStorefrontState().data?.published ?? initial.published
  const leave = useLeaveGuard(editor.state, editor.save)
  const restore = useRestore(editor)
  const [result, setResult] = useState<Published | null>(null)
  const [goal, setGoal] = useState<string | null>(null)
  const summary = useRef<HTMLElement>(null)
  const problemCount = Object.keys(editor.problems).length
  const root: Bound<StorefrontContent> = { value: editor.content, onChange: editor.setContent, path: '' }

  // A link of the summary: the form holding the field is shown, then the field takes the focus.
  useEffect(() => {
    // The address changes after this render: the field is looked for once its form is the one shown.
    if (goal === null || sectionOf(goal) !== view) return
    const element = elementOf(goal)
    element?.scrollIntoView({ block: 'center' })
    element?.focus()
    setGoal(null)
  }, [goal, view])

  const go = (path: string) => {
    onView(sectionOf(path))
    setGoal(path)
  }
  // After a save or publish the owner asked for is refused, the reason is read out where it is shown.
  const showRefusal = () =>
    requestAnimationFrame(() =>
      (summary.current ?? document.getElementById('storefront-conflict-title')?.parentElement)?.focus(),
    )

  return (
    <ProblemsContext value={editor.problems}>
      <div className="space-y-6">
        <DraftToolbar
          editor={editor}
          published={published}
          problemCount={problemCount}
          onRefused={showRefusal}
          onPublished={setResult}
        />
        {result && <PublishedNotice result={result} onClose={() => setResult(null)} />}
        {editor.conflict && (
          <ConflictNotice
            conflict={editor.conflict}
            onLoadTheirs={() => {
              if (editor.conflict) editor.loadTheirs(editor.conflict)
              document.getElementById('storefront-save-status')?.focus()
            }}
            onKeepMine={async () => {
              if (editor.conflict) await editor.keepMine(editor.conflict)
              document.getElementById('storefront-save-status')?.focus()
            }}
          />
        )}
        {problemCount > 0 && (
          <ProblemSummary ref={summary} problems={editor.problems} message={editor.failure} onGo={go} />
        )}
        <p className="text-sm text-slate-600">{t('consoleStorefront.englishNote')}</p>
        <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
          <ViewNav view={view} problemViews={new Set<View>(Object.keys(editor.problems).map(sectionOf))} />
          <div className="min-w-0">
            {view === 'preview' && <PreviewPanel />}
            {view === 'history' && <HistoryPanel publishedVersion={published.version} onRestore={restore} />}
            {/* No form around the fields: edits are saved as they are made, and the carousel's search is a form of its own. */}
            {view !== 'preview' && view !== 'history' && (
              <SectionForm section={view satisfies Section} bound={root} />
            )}
          </div>
        </div>
      </div>
      {leave.asking && <LeaveDialog onStay={leave.stay} onLeave={leave.leave} />}
    </ProblemsContext>
  )
}
