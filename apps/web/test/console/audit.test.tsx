import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Query } from 'appwrite'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntry } from '../../src/features/console-audit/api/audit-api'
import { AuditFilters } from '../../src/features/console-audit/components/audit-filters'
import { AuditTable } from '../../src/features/console-audit/components/audit-table'
import { auditQueries, readAuditFilter } from '../../src/features/console-audit/model/audit-filter'
import { fieldDiff, valueText } from '../../src/features/console-audit/model/field-diff'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { showLanguage } from '../../src/lib/i18n'

describe('a change as a field diff', () => {
  it('shows only the fields an edit changed, without its bookkeeping', () => {
    const before = { id: 'p-1', title: 'Primera', author: 'Ana', links: [], updatedAt: '2026-01-01' }
    const after = { id: 'p-1', title: 'Segunda', author: 'Ana', links: [], updatedAt: '2026-01-02' }
    expect(fieldDiff(before, after)).toEqual([{ field: 'title', before: 'Primera', after: 'Segunda' }])
  })

  it('shows what a creation set and what a deletion removed, empty fields left out', () => {
    expect(fieldDiff(null, { id: 'p-2', title: 'Nueva', subtitle: '', tags: [], category: null })).toEqual([
      { field: 'id', before: undefined, after: 'p-2' },
      { field: 'title', before: undefined, after: 'Nueva' },
    ])
    expect(fieldDiff({ title: 'Vieja' }, null)).toEqual([
      { field: 'title', before: 'Vieja', after: undefined },
    ])
  })

  it('writes values plainly: texts as they are, lists as JSON, nothing as empty', () => {
    expect(valueText('Hola')).toBe('Hola')
    expect(valueText(false)).toBe('false')
    expect(valueText(['admin'])).toBe('[\n  "admin"\n]')
    expect(valueText(null)).toBeNull()
  })
})

describe('the audit log’s queries', () => {
  it('are the server’s: equal on each filter, the days in UTC on $createdAt, a page', () => {
    const filter = readAuditFilter(
      new URLSearchParams(
        'action=order.grant&actor=olga@example.com&from=2026-03-01&to=2026-03-31&offset=25',
      ),
    )
    expect(auditQueries(filter)).toEqual([
      Query.equal('action', 'order.grant'),
      Query.equal('actor', 'olga@example.com'),
      Query.greaterThanEqual('$createdAt', '2026-03-01T00:00:00.000Z'),
      Query.lessThan('$createdAt', '2026-04-01T00:00:00.000Z'),
      Query.limit(25),
      Query.offset(25),
    ])
    expect(readAuditFilter(new URLSearchParams('action=drop tables&source=web')).action).toBe('')
  })
})

const edit: AuditEntry = {
  $id: 'e-1',
  $createdAt: '2026-03-15T10:00:00.000Z',
  source: 'console',
  actorId: 'u-1',
  actor: 'olga@example.com',
  action: 'document.update',
  subject: 'projects/demo-0001',
  before: { id: 'demo-0001', title: 'Primera versión', author: 'Ana', updatedAt: '2026-03-01' },
  after: { id: 'demo-0001', title: 'Segunda versión', author: 'Ana', updatedAt: '2026-03-15' },
}
const grant: AuditEntry = {
  ...edit,
  $id: 'e-2',
  source: 'cli',
  actorId: null,
  actor: 'cli',
  action: 'orders refund',
  subject: 'orders/o-1',
  before: null,
  after: null,
}

describe('the audit table', () => {
  beforeEach(() => loadConsoleTexts())

  it('shows who, from where, what and on what, and a catalogue edit’s changes behind a disclosure', async () => {
    const user = userEvent.setup()
    render(
      <MemoryRouter>
        <AuditTable events={[edit, grant]} total={2} busy={false} />
      </MemoryRouter>,
    )
    const table = screen.getByRole('table', { name: 'Audit log: 2 events' })
    const editRow = within(table).getByRole('row', { name: /Catalogue: edited/ })
    expect(editRow).toHaveTextContent('olga@example.com')
    expect(editRow).toHaveTextContent('Console')
    expect(editRow).toHaveTextContent('Project: Segunda versión')
    const refundRow = within(table).getByRole('row', { name: /Refund recorded/ })
    expect(refundRow).toHaveTextContent('CLI')
    expect(within(refundRow).getByRole('link', { name: 'Open order: orders/o-1' })).toHaveAttribute(
      'href',
      '/admin/orders?order=o-1',
    )
    expect(within(refundRow).queryByRole('button')).toBeNull()

    const disclosure = within(editRow).getByRole('button', { name: /^1 field ?: Segunda versión$/ })
    expect(disclosure).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('table', { name: /Changes to/ })).toBeNull()
    await user.click(disclosure)
    expect(disclosure).toHaveAttribute('aria-expanded', 'true')
    const diff = screen.getByRole('table', { name: 'Changes to Segunda versión' })
    expect(document.getElementById(disclosure.getAttribute('aria-controls') ?? '')).toContainElement(diff)
    const rows = within(diff).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['titlePrimera versiónSegunda versión'])
    await user.click(disclosure)
    expect(disclosure).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('what the store does with its backups by itself (issue 42)', () => {
  beforeEach(() => loadConsoleTexts())

  const upload: AuditEntry = {
    $id: 'e-3',
    $createdAt: '2026-11-28T10:11:00.000Z',
    source: 'store',
    actorId: null,
    actor: 'store',
    action: 'backup.upload',
    subject: 'backups/gallery-daily-20261128T101000000Z.tar.gz.age',
    before: null,
    after: { kind: 'daily', bytes: 12345678, bucket: 's3://copias-tienda/gallery/', attempts: 1 },
  }
  const retention: AuditEntry = {
    ...upload,
    $id: 'e-4',
    action: 'backup.delete',
    subject: 'backups/gallery-daily-20261120T101000000Z.tar.gz.age',
    before: { bytes: 12000000, madeAt: '2026-11-20T10:10:00.000Z', bucket: 's3://copias-tienda/gallery/' },
    after: { reason: 'retention', keep: 7 },
  }

  it('shows the store as the source, the backup actions and the backup they were about', async () => {
    await showLanguage('es')
    render(
      <MemoryRouter>
        <AuditTable events={[upload, retention]} total={2} busy={false} />
      </MemoryRouter>,
    )
    const table = screen.getByRole('table', { name: 'Registro de auditoría: 2 eventos' })
    const uploadRow = within(table).getByRole('row', { name: /Copia de seguridad subida/ })
    expect(uploadRow).toHaveTextContent('La tienda')
    expect(uploadRow).toHaveTextContent(
      'Copia de seguridadbackups/gallery-daily-20261128T101000000Z.tar.gz.age',
    )
    expect(
      within(table).getByRole('row', { name: /Copia de seguridad borrada del bucket \(retención\)/ }),
    ).toHaveTextContent('La tienda')
  })

  it('lets the log be filtered by the store and by the backup actions, in their own group', async () => {
    await showLanguage('en')
    const onFilter = vi.fn()
    const user = userEvent.setup()
    render(<AuditFilters filter={readAuditFilter(new URLSearchParams())} onFilter={onFilter} />)
    const actions = screen.getByRole('combobox', { name: 'Action' })
    const group = within(actions).getByRole('group', { name: 'Backups' })
    expect(
      within(group)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Backup uploaded', 'Backup deleted from the bucket (retention)', 'Backup restored'])
    expect(within(actions).getByRole('group', { name: 'From the console' })).not.toHaveTextContent('Backup')
    await user.selectOptions(actions, 'Backup restored')
    expect(onFilter).toHaveBeenLastCalledWith({ action: 'backup.restore', offset: 0 })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'The store')
    expect(onFilter).toHaveBeenLastCalledWith({ source: 'store', offset: 0 })
    expect(readAuditFilter(new URLSearchParams('source=store&action=backup.upload'))).toMatchObject({
      source: 'store',
      action: 'backup.upload',
    })
  })
})
