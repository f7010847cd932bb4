import { describe, expect, it } from 'vitest'
import {
  CARD_BLOCK_BYTES,
  cardHead,
  createCardBytesBuilder,
  joinCards,
  type CardBytes,
} from '../../src/catalogue/search/card-bytes'

const category = (id: string) => ({ $id: id, $collectionId: 'categories', name: `Categoría ${id} — ñ` })
const card = (id: string, categoryId: string | null, title = `Título ${id}`) =>
  JSON.stringify({ $id: id, title, author: 'Germán', category: categoryId ? category(categoryId) : null })

const NOTHING = Buffer.alloc(0)
const bytesOf = (cards: CardBytes, position: number) =>
  joinCards(cards, [position], NOTHING, NOTHING).toString()

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
    expect(cards.count).toBe(texts.length)
    texts.forEach((text, position) => expect(bytesOf(cards, position)).toBe(text))
  })

  it('keeps the ending of a category once for all its projects', () => {
    // ia, voz, null and the empty ending of a card without a category key.
    expect(cards.endingBytes).toHaveLength(4)
    expect(cards.endings[0]).toBe(cards.endings[1])
    expect(cards.endings[0]).toBe(cards.endings[4])
    const head = cardHead(cards, 0)
    expect(head?.block.subarray(head.start, head.end).toString()).not.toContain('Categoría')
  })

  it('keeps the bytes of a card that did not change from the previous version', () => {
    const positions = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((id, position) => [id, position]))
    const next = createCardBytesBuilder({ cards, positions })
    next.add('b', texts[1] ?? '')
    next.add('a', card('a', 'voz', 'Título nuevo'))
    const rebuilt = next.finish()
    // The same block object and the same range: the bytes are not held twice.
    expect(cardHead(rebuilt, 0)?.block).toBe(cardHead(cards, 1)?.block)
    expect(cardHead(rebuilt, 0)).toEqual(cardHead(cards, 1))
    expect(cardHead(rebuilt, 1)?.block).not.toBe(cardHead(cards, 0)?.block)
    expect(bytesOf(rebuilt, 0)).toBe(texts[1])
    expect(bytesOf(rebuilt, 1)).toBe(card('a', 'voz', 'Título nuevo'))
  })

  it('writes the heads into a few blocks, each head whole in one, and keeps only what they fill', () => {
    const many = Array.from({ length: 3_000 }, (_, n) =>
      card(`p${n}`, n % 2 ? 'ia' : 'voz', `Título ${n} ${'ñandú '.repeat(n % 300)}`),
    )
    // One card bigger than a block gets a block of its own.
    many.push(card('grande', 'ia', 'x'.repeat(CARD_BLOCK_BYTES + 10)))
    const builder = createCardBytesBuilder(null)
    many.forEach((text, n) => builder.add(n === many.length - 1 ? 'grande' : `p${n}`, text))
    const built = builder.finish()
    many.forEach((text, position) => expect(bytesOf(built, position)).toBe(text))
    expect(built.blocks.length).toBeGreaterThan(2)
    expect(built.blocks.length).toBeLessThan(10)
    const headBytes = many.reduce(
      (sum, _, position) => sum + (built.end[position] ?? 0) - (built.start[position] ?? 0),
      0,
    )
    expect(built.blocks.reduce((sum, block) => sum + block.length, 0)).toBe(headBytes)
  })

  it('joins a page: the opening, the cards by commas, the closing; a position it does not hold left out', () => {
    const page = joinCards(
      cards,
      [5, -1, 0, texts.length, 2],
      Buffer.from('{"documents":['),
      Buffer.from(']}'),
    )
    expect(JSON.parse(page.toString())).toEqual({
      documents: [5, 0, 2].map((position) => JSON.parse(texts[position] ?? '') as unknown),
    })
    expect(joinCards(cards, [], Buffer.from('['), Buffer.from(']')).toString()).toBe('[]')
  })
})
