import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '../ui/icons'

export type NoticeKind = 'success' | 'error'
interface Notice {
  id: number
  kind: NoticeKind
  text: string
}
type Notify = (kind: NoticeKind, text: string) => void

const NoticeContext = createContext<Notify | null>(null)

/** Visible feedback for every action in the console: the outcome, announced to screen readers too. */
export function useNotify(): Notify {
  const notify = useContext(NoticeContext)
  if (!notify) throw new Error('useNotify must be used inside NoticeProvider')
  return notify
}

let lastId = 0

export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [notice, setNotice] = useState<Notice | null>(null)
  const notify = useCallback<Notify>((kind, text) => setNotice({ id: ++lastId, kind, text }), [])
  const value = useMemo(() => notify, [notify])
  const success = notice?.kind === 'success'
  return (
    <NoticeContext value={value}>
      {children}
      {/* Both regions are always present, so assistive technology hears what is put into them. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
        <div role="status" aria-live="polite" className="contents">
          {notice && success && (
            <NoticeBox notice={notice} onClose={() => setNotice(null)} label={t('console.common.dismiss')} />
          )}
        </div>
        <div role="alert" className="contents">
          {notice && !success && (
            <NoticeBox notice={notice} onClose={() => setNotice(null)} label={t('console.common.dismiss')} />
          )}
        </div>
      </div>
    </NoticeContext>
  )
}

function NoticeBox({ notice, onClose, label }: { notice: Notice; onClose: () => void; label: string }) {
  const tone = notice.kind === 'success' ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white'
  return (
    <div
      key={notice.id}
      className={`pointer-events-auto flex max-w-xl items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${tone}`}
      data-notice={notice.kind}
    >
      <p className="min-w-0 flex-1 break-words">{notice.text}</p>
      <button
        type="button"
        onClick={onClose}
        aria-label={label}
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md hover:bg-white/20"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  )
}
