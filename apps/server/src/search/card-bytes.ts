import { CARD_SHARED_ENDING_MARK } from './project-cards'

/**
 * The gallery's cards of one index version as UTF-8 bytes, by position (decisions 030, 033, 049). A
 * card's JSON ends with its category, the same object for every project of that category: each card
 * keeps its own bytes up to `,"category":` and the number of its ending, and the endings are kept once.
 * Put back together, head and ending are the card's JSON byte for byte (a card without the mark is all
 * head, with the empty ending).
 */
export interface CardBytes {
  heads: Buffer[]
  endings: Uint32Array
  endingBytes: Buffer[]
}

/** Appends a card's bytes (head, then ending) to `parts`. */
export function pushCard(cards: CardBytes, position: number, parts: Buffer[]): void {
  const head = cards.heads[position]
  const ending = cards.endingBytes[cards.endings[position] ?? 0]
  if (head) parts.push(head)
  if (ending && ending.length > 0) parts.push(ending)
}

export const NO_CARDS: CardBytes = { heads: [], endings: new Uint32Array(0), endingBytes: [] }

/**
 * Collects cards in position order. A card equal to the one `previous` held for the same project is
 * kept as it was, not held twice while both versions are in use (decision 030).
 */
export function createCardBytesBuilder(
  previous: { cards: CardBytes; positions: Map<string, number> } | null,
) {
  const heads: Buffer[] = []
  const endings: number[] = []
  const endingBytes: Buffer[] = []
  const endingNumbers = new Map<string, number>()

  const endingNumber = (ending: string) => {
    let number = endingNumbers.get(ending)
    if (number === undefined) {
      number = endingBytes.length
      endingNumbers.set(ending, number)
      endingBytes.push(Buffer.from(ending))
    }
    return number
  }

  return {
    add(id: string, json: string): void {
      const at = json.lastIndexOf(CARD_SHARED_ENDING_MARK)
      const split = at === -1 ? json.length : at
      const head = Buffer.from(json.slice(0, split))
      const before = previous?.cards.heads[previous.positions.get(id) ?? -1]
      heads.push(before?.equals(head) ? before : head)
      endings.push(endingNumber(json.slice(split)))
    },
    finish: (): CardBytes => ({
      heads,
      endings: Uint32Array.from(endings),
      endingBytes,
    }),
  }
}
