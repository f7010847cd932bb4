import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { describePath } from '../model/path-label'

/** The first few changed fields in words, then how many more: one line of the history's table. */
export function changesLine(paths: readonly string[], t: TFunction, shown = 3): string {
  if (paths.length === 0) return t('consoleStorefront.changes.none')
  const first = paths.slice(0, shown).map((path) => describePath(path, t))
  const line = first.join('; ')
  return paths.length > shown
    ? t('consoleStorefront.changes.andMore', { line, count: paths.length - shown })
    : line
}

/** Changed fields as a list, the first `shown` of them, then how many more. */
export function ChangeList({ paths, shown = 10 }: { paths: readonly string[]; shown?: number }) {
  const { t } = useTranslation()
  return (
    <>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {paths.slice(0, shown).map((path) => (
          <li key={path}>{describePath(path, t)}</li>
        ))}
      </ul>
      {paths.length > shown && (
        <p className="mt-1">{t('consoleStorefront.changes.more', { count: paths.length - shown })}</p>
      )}
    </>
  )
}
