import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleTable } from '../../src/components/console/console-table'

/** jsdom lays nothing out: the frame's sizes are what a phone's would be, or a laptop's. */
const spies: { mockRestore: () => void }[] = []
function frameSizes(sizes: { scrollWidth: number; clientWidth: number }) {
  spies.push(
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(sizes.scrollWidth),
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(sizes.clientWidth),
  )
}
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore()
})

const table = () => (
  <ConsoleTable
    caption="Orders: 2 in all"
    columns={[{ label: 'Email' }, { label: 'Amount', numeric: true }]}
    items={['a@example.com', 'b@example.com']}
    row={(email) => (
      <tr key={email}>
        <th scope="row">{email}</th>
        <td>25</td>
      </tr>
    )}
  />
)

describe('a console table’s frame', () => {
  it('is a named region in the Tab order while the table is wider than it (a phone)', () => {
    frameSizes({ scrollWidth: 720, clientWidth: 358 })
    render(table())
    const region = screen.getByRole('region', { name: 'Orders: 2 in all' })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(region).toContainElement(screen.getByRole('table', { name: 'Orders: 2 in all' }))
  })

  it('is neither while the table fits (a laptop)', () => {
    frameSizes({ scrollWidth: 1000, clientWidth: 1000 })
    render(table())
    expect(screen.queryByRole('region')).toBeNull()
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex')
  })
})
