import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClass, labelClass } from './form-field'

/** One of a list's filters: a labelled choice among `choices`, or All (''); a choice applies at once. */
export function ChoiceFilter<Choice extends string>({
  label,
  value,
  choices,
  choiceName,
  onChoose,
}: {
  label: string
  value: Choice | ''
  choices: readonly Choice[]
  choiceName: (choice: Choice) => string
  onChoose: (choice: Choice | '') => void
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChoose(choices.find((choice) => choice === event.target.value) ?? '')}
        className={inputClass}
      >
        <option value="">{t('console.common.all')}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choiceName(choice)}
          </option>
        ))}
      </select>
    </div>
  )
}
