import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ConsoleTable } from '../../src/components/console/console-table'
import { DateRangeFilter } from '../../src/components/console/date-range-filter'
import { FileField } from '../../src/components/console/file-field'
import { MemberForm } from '../../src/components/console/member-form'
import { NoticeProvider } from '../../src/components/console/notice'
import { useFilePreview, type ChosenFile } from '../../src/components/console/use-file-preview'
import { readChoice, readDay, readOffset, writeFilter } from '../../src/lib/console/filter-address'
import { checkMemberFields } from '../../src/lib/console/member-fields'
import { checkGrant } from '../../src/features/console-orders/model/grant-draft'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'

beforeEach(async () => {
  await loadConsoleTexts()
})

describe('a console page’s address', () => {
  it('reads days, pages and choices it can mean, and nothing else', () => {
    expect(readDay('2026-03-01')).toBe('2026-03-01')
    expect(['2026-3-1', 'yesterday', '2026-13-01', null].map(readDay)).toEqual(['', '', '', ''])
    expect(['50', '-25', '2.5', 'x', null].map(readOffset)).toEqual([50, 0, 0, 0, 0])
    expect(readChoice(['a', 'b'], 'b')).toBe('b')
    expect(readChoice(['a', 'b'], 'c')).toBe('')
  })

  it('leaves no parameter for an empty value or the first page, and names fields as the address does', () => {
    const old = new URLSearchParams('q=ana&status=disabled&offset=25&member=u-1')
    expect(writeFilter(old, { search: 'bruno', status: '', offset: 0 }, { search: 'q' }).toString()).toBe(
      'q=bruno&member=u-1',
    )
  })
})

describe('the member fields the new member and grant forms share', () => {
  const texts: Record<string, string> = {
    title: 'New one',
    text: 'Who they are.',
    submit: 'Send',
    submitting: 'Sending…',
    email: 'Email',
    name: 'Name',
    nameHint: 'Optional.',
    language: 'Email language',
    invalidEmail: 'Enter a valid email.',
    nameTooLong: 'Too long a name.',
    noteTooLong: 'Too long a note.',
  }
  const text = (key: string) => texts[key] ?? key

  it('shows each problem under its field and moves the focus to the first field in error', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => undefined)
    render(
      <MemberForm
        initial={() => ({ email: '', name: 'x'.repeat(129), language: 'en' as const })}
        check={checkMemberFields}
        text={text}
        languageName={(language) => language.toUpperCase()}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    )
    expect(screen.getByRole('dialog', { name: 'New one' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email).toHaveFocus()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Enter a valid email.')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Optional. Too long a name.',
    )
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the draft trimmed, with the fields a form adds between the name and the language', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => undefined)
    render(
      <MemberForm
        initial={() => ({ email: '', name: '', note: '', language: 'es' as const })}
        check={checkGrant}
        text={text}
        languageName={(language) => language.toUpperCase()}
        onSubmit={onSubmit}
        onClose={() => undefined}
        more={({ draft, edit }) => (
          <label>
            Note
            <textarea value={draft.note} onChange={(event) => edit({ note: event.target.value })} />
          </label>
        )}
      />,
    )
    const fields = screen.getByRole('dialog').querySelectorAll('input, textarea, select')
    expect([...fields].map((field) => field.tagName)).toEqual(['INPUT', 'INPUT', 'TEXTAREA', 'SELECT'])
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' ana@example.com ')
    await user.type(screen.getByRole('textbox', { name: 'Note' }), ' paid cash ')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Email language' }), 'EN')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ana@example.com',
      name: '',
      note: 'paid cash',
      language: 'en',
    })
  })
})

describe('the console’s table of a list', () => {
  it('names its columns and the list, says when it is empty, and when another page loads', () => {
    const { rerender } = render(
      <ConsoleTable
        caption="2 things"
        columns={[{ label: 'Thing' }, { label: 'Count', numeric: true }, { label: 'Actions', hidden: true }]}
        items={[
          { id: 'a', count: 1 },
          { id: 'b', count: 2 },
        ]}
        busy
        empty="Nothing here."
        row={(item) => (
          <tr key={item.id}>
            <th scope="row">{item.id}</th>
            <td>{item.count}</td>
            <td />
          </tr>
        )}
      />,
    )
    const table = screen.getByRole('table', { name: '2 things' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Thing', 'Count', 'Actions'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['a', 'b'])
    expect(screen.queryByText('Nothing here.')).not.toBeInTheDocument()
    rerender(
      <ConsoleTable
        caption="No things"
        columns={[{ label: 'Thing' }]}
        items={[]}
        busy={false}
        empty="Nothing here."
        row={() => null}
      />,
    )
    expect(screen.getByText('Nothing here.')).toBeInTheDocument()
  })
})

describe('the date-range filter', () => {
  it('labels both days, bounds each by the other and says how days are counted', async () => {
    const user = userEvent.setup()
    const onRange = vi.fn()
    render(
      <>
        <DateRangeFilter
          range={{ from: '2026-03-01', to: '2026-03-31' }}
          labels={{ from: 'From', to: 'To' }}
          describedBy="days"
          onRange={onRange}
        />
        <p id="days">Days in UTC.</p>
      </>,
    )
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    expect(from).toHaveAttribute('max', '2026-03-31')
    expect(to).toHaveAttribute('min', '2026-03-01')
    expect(to).toHaveAccessibleDescription('Days in UTC.')
    await user.clear(to)
    expect(onRange).toHaveBeenLastCalledWith({ to: '' })
  })
})

/** The import and the bulk invite, reduced to what they share. */
function Importer({
  check,
  apply,
}: {
  check: (file: ChosenFile) => Promise<{ valid: boolean }>
  apply: () => Promise<{ valid: boolean }>
}) {
  const [applied, setApplied] = useState(0)
  const preview = useFilePreview({
    maxBytes: 10,
    tooLargeText: 'Too large.',
    check,
    apply: async () => {
      setApplied((count) => count + 1)
      return apply()
    },
    appliedText: (_, file) => `Applied ${file.name}.`,
  })
  return (
    <>
      <FileField
        label="File"
        accept=".csv"
        disabled={preview.busy}
        error={preview.fileError}
        input={preview.input}
        onFile={(file) => void preview.choose(file)}
      />
      <p>{`${preview.step.kind} ${applied}`}</p>
      {preview.step.kind === 'checked' && (
        <button type="button" onClick={() => void preview.apply()}>
          Apply
        </button>
      )}
    </>
  )
}

describe('a file checked before it is applied', () => {
  it('refuses a file over the limit unread, checks another, then applies it and says so', async () => {
    const user = userEvent.setup()
    const check = vi.fn(async () => ({ valid: true }))
    render(
      <NoticeProvider>
        <Importer check={check} apply={async () => ({ valid: true })} />
      </NoticeProvider>,
    )
    const input = screen.getByLabelText('File')
    await user.upload(input, new File(['a'.repeat(11)], 'big.csv', { type: 'text/csv' }))
    expect(screen.getByText('Too large.')).toHaveAttribute('role', 'alert')
    expect(input).toHaveAccessibleDescription('Too large.')
    expect(check).not.toHaveBeenCalled()

    await user.upload(input, new File(['email'], 'ok.csv', { type: 'text/csv' }))
    expect(await screen.findByText('checked 0')).toBeInTheDocument()
    expect(check).toHaveBeenCalledWith({ name: 'ok.csv', content: 'email' })
    expect(input).not.toHaveAccessibleDescription()
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('applied 1')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Applied ok.csv.')
  })
})
