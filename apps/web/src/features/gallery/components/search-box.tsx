import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@pg/shared/constants'
import { SearchIcon } from '../../../components/ui/icons'
import { MAX_SEARCH_LENGTH } from '../model/filters'

/**
 * The search box: what is typed is searched 500 ms after the last keystroke (or at once with Enter).
 * When the search text is cleared from outside (a category or tag was chosen), the box follows.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const sent = useRef(value)
  const latestOnSearch = useRef(onSearch)
  useEffect(() => {
    latestOnSearch.current = onSearch
  }, [onSearch])

  // A value that is not the echo of what this box sent came from elsewhere: show it, drop pending input.
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    setSeen(value)
    if (value !== sent.current) setText(value)
  }
  useEffect(() => {
    if (value === sent.current) return
    clearTimeout(timer.current)
    sent.current = value
  }, [value])
  useEffect(() => () => clearTimeout(timer.current), [])

  function send(next: string) {
    clearTimeout(timer.current)
    sent.current = next
    latestOnSearch.current(next)
  }

  function handleChange(next: string) {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS)
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    send(text)
  }

  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS
  return (
    <form role="search" onSubmit={handleSubmit} className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        {t('gallery.searchLabel')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-2.5 left-3 size-5 text-slate-400" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => handleChange(event.target.value)}
        placeholder={t('gallery.searchPlaceholder')}
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        aria-describedby={tooShort ? `${id}-hint` : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-10 text-slate-900 shadow-sm placeholder:text-sm placeholder:text-slate-500 focus:border-blue-600 sm:placeholder:text-base"
      />
      {tooShort && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('gallery.searchTooShort')}
        </p>
      )}
    </form>
  )
}
