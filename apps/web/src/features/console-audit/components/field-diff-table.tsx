import { useTranslation } from 'react-i18next'
import { valueText, type FieldChange } from '../model/field-diff'

/** Before → after, one line per changed field; long texts and lists wrap in place. */
export function FieldDiffTable({ changes, target }: { changes: FieldChange[]; target: string }) {
  const { t } = useTranslation()
  const value = (shown: unknown, tone: string) => {
    const text = valueText(shown)
    if (text === null) return <span className="text-slate-600 italic">{t('consoleAudit.empty')}</span>
    return <span className={`font-mono text-xs break-words whitespace-pre-wrap ${tone}`}>{text}</span>
  }
  return (
    <table className="mt-1 w-full table-fixed text-sm">
      <caption className="py-2 text-left text-xs font-semibold text-slate-700">
        {t('consoleAudit.changesOf', { target })}
      </caption>
      <thead className="text-left text-slate-700">
        <tr>
          <th scope="col" className="w-1/5 px-3 py-2 font-semibold">
            {t('consoleAudit.field')}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            {t('consoleAudit.before')}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            {t('consoleAudit.after')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 rounded-lg bg-white">
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="px-3 py-2 text-left align-top font-normal">
              <code className="text-xs break-all text-slate-900">{change.field}</code>
            </th>
            <td className="bg-red-50/60 px-3 py-2 align-top">{value(change.before, 'text-red-900')}</td>
            <td className="bg-emerald-50/60 px-3 py-2 align-top">
              {value(change.after, 'text-emerald-900')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
