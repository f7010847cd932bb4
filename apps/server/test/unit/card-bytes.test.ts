import { describe, expect, it } from 'vitest'
import { createCardBytesBuilder, pushCard, type CardBytes } from '../../src/search/card-bytes'

const category = (id: string) => ({ $id: id, $collectionId: 'categories', name: `Categoría ${id} — ñ` })
const card = (id: string, categoryId: string | null, title = `Título ${id}`) =>
  JSON.stringify({ $id: id, title, author: 'Germán', category: categoryId ? category(categoryId) : null })

const bytesOf = (cards: CardBytes, position: number) => {
  const parts: Buffer[] = []
  pushCard(cards, position, parts)
  return Buffer.concat(parts).toString('utf8')
}

describe("the gallery's cards kept as bytes", () => {
  const texts = [
    card('a', 'ia'),
    card('b', 'ia'),
    card('c', 'voz'),
    card('d', null),
    // A title that holds the mark's characters is a JSON string: its quotes are escaped.
    card('e', 'ia', 'Un ,"category": falso'),
    '{"$id":"f","title":"sin categoría"}',
  ]
  const builder = createCardBytesBuilder(null)
  texts.forEach((text) => builder.add(String((JSON.parse(text) as { $id: string }).$id), text))
  const cards = builder.finish()

  it('gives each card back byte for byte', () => {
    expect(cards.heads).toHaveLength(texts.length)
    texts.forEach((text, position) => expect(bytesOf(cards, position)).toBe(text))
  })

  it('keeps the ending of a category once for all its projects', () => {
    // ia, voz, null and the empty ending of a card without a category key.
    expect(cards.endingBytes).toHaveLength(4)
    expect(cards.endings[0]).toBe(cards.endings[1])
    expect(cards.endings[0]).toBe(cards.endings[4])
    expect(cards.heads[0]?.toString()).not.toContain('Categoría')
  })

  it('keeps the bytes of a card that did not change from the previous version', () => {
    const positions = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((id, position) => [id, position]))
    const next = createCardBytesBuilder({ cards, positions })
    next.add('b', texts[1] ?? '')
    next.add('a', card('a', 'voz', 'Título nuevo'))
    const rebuilt = next.finish()
    expect(rebuilt.heads[0]).toBe(cards.heads[1])
    expect(rebuilt.heads[1]).not.toBe(cards.heads[0])
    expect(bytesOf(rebuilt, 1)).toBe(card('a', 'voz', 'Título nuevo'))
  })
})
