import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SearchBox } from '../../src/features/gallery/components/search-box'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const box = () => screen.getByRole('searchbox', { name: 'Search projects' })
const type = (text: string) => fireEvent.change(box(), { target: { value: text } })

describe('SearchBox', () => {
  it('searches 500 ms after the last keystroke, once', () => {
    const onSearch = vi.fn()
    render(<SearchBox value="" onSearch={onSearch} />)
    type('r')
    act(() => vi.advanceTimersByTime(300))
    type('ro')
    act(() => vi.advanceTimersByTime(300))
    type('rob')
    act(() => vi.advanceTimersByTime(499))
    expect(onSearch).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('rob')
  })

  it('Enter searches at once', () => {
    const onSearch = vi.fn()
    render(<SearchBox value="" onSearch={onSearch} />)
    type('robot')
    fireEvent.submit(box())
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('robot')
    act(() => vi.advanceTimersByTime(1000))
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('follows a value changed elsewhere (Back, a shared address) and drops pending input', () => {
    const onSearch = vi.fn()
    const { rerender } = render(<SearchBox value="" onSearch={onSearch} />)
    type('rob')
    rerender(<SearchBox value="chat" onSearch={onSearch} />)
    expect(box()).toHaveValue('chat')
    act(() => vi.advanceTimersByTime(1000))
    expect(onSearch).not.toHaveBeenCalled()
  })

  it('keeps typing when its own search comes back as the value', () => {
    const onSearch = vi.fn()
    const { rerender } = render(<SearchBox value="" onSearch={onSearch} />)
    type('rob')
    act(() => vi.advanceTimersByTime(500))
    type('robo')
    rerender(<SearchBox value="rob" onSearch={onSearch} />)
    expect(box()).toHaveValue('robo')
    act(() => vi.advanceTimersByTime(500))
    expect(onSearch).toHaveBeenLastCalledWith('robo')
  })

  it('says when the text is too short to search', () => {
    render(<SearchBox value="" onSearch={vi.fn()} />)
    type('ab')
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument()
    expect(box()).toHaveAccessibleDescription('Type at least 3 characters to search.')
  })
})
