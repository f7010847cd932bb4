import { CARD_SHARED_ENDING_MARK } from './project-cards'

/**
 * The gallery's cards of one index version as UTF-8 bytes, by position (decisions 030, 033, 049, 053). A
 * card's JSON ends with its category, the same object for every project of that category: each card
 * keeps its own bytes up to `,"category":` and the number of its ending, and the endings are kept once.
 * Put back together, head and ending are the card's JSON byte for byte (a card without the mark is all
 * head, with the empty ending). The heads are written one after the other into blocks of about a
 * megabyte, each head whole in one block: a hundred buffers at 100,000 projects, not one per card.
 */
export interface CardBytes {
  count: number
  blocks: Buffer[]
  /** By position: the block of the card's head, and where the head starts and ends in it. */
  block: Uint32Array
  start: Uint32Array
  end: Uint32Array
  endings: Uint32Array
  endingBytes: Buffer[]
}

/** Big enough that blocks are few, small enough that the last one's unused part is worth little. */
export const CARD_BLOCK_BYTES = 1 << 20

const COMMA = 0x2c

/**
 * A page of cards in one buffer: `opening`, the cards at `positions` (one this version does not hold is
 * left out) separated by commas, then `closing`. Its length is counted first, so the bytes are copied
 * once, straight from the blocks.
 */
export function joinCards(
  cards: CardBytes,
  positions: readonly number[],
  opening: Buffer,
  closing: Buffer,
): Buffer {
  const held = positions.filter((position) => position >= 0 && position < cards.count)
  let length = opening.length + closing.length + Math.max(0, held.length - 1)
  for (const position of held) {
    length += (cards.end[position] ?? 0) - (cards.start[position] ?? 0)
    length += cards.endingBytes[cards.endings[position] ?? 0]?.length ?? 0
  }
  const joined = Buffer.allocUnsafe(length)
  let at = opening.copy(joined, 0)
  held.forEach((position, n) => {
    if (n > 0) joined[at++] = COMMA
    at +=
      cards.blocks[cards.block[position] ?? 0]?.copy(
        joined,
        at,
        cards.start[position],
        cards.end[position],
      ) ?? 0
    at += cards.endingBytes[cards.endings[position] ?? 0]?.copy(joined, at) ?? 0
  })
  closing.copy(joined, at)
  return joined
}

export const NO_CARDS: CardBytes = {
  count: 0,
  blocks: [],
  block: new Uint32Array(0),
  start: new Uint32Array(0),
  end: new Uint32Array(0),
  endings: new Uint32Array(0),
  endingBytes: [],
}

/** Where a card's head is kept: its block, and where it starts and ends in it; null for no card. */
export function cardHead(cards: CardBytes, position: number) {
  const block = position >= 0 && position < cards.count ? cards.blocks[cards.block[position] ?? 0] : undefined
  return block ? { block, start: cards.start[position] ?? 0, end: cards.end[position] ?? 0 } : null
}

/**
 * Collects cards in position order. A card equal to the one `previous` held for the same project is
 * kept where it was, not held twice while both versions are in use (decision 030): the new version
 * refers to the previous one's block.
 */
export function createCardBytesBuilder(
  previous: { cards: CardBytes; positions: Map<string, number> } | null,
) {
  const blocks: Buffer[] = []
  const blockNumbers = new Map<Buffer, number>()
  const block: number[] = []
  const start: number[] = []
  const end: number[] = []
  const endings: number[] = []
  const endingBytes: Buffer[] = []
  const endingNumbers = new Map<string, number>()
  let current: { bytes: Buffer; number: number; used: number } | null = null

  const endingNumber = (ending: string) => {
    let number = endingNumbers.get(ending)
    if (number === undefined) {
      number = endingBytes.length
      endingNumbers.set(ending, number)
      endingBytes.push(Buffer.from(ending))
    }
    return number
  }

  /** The filled part of the block being written, copied alone so the rest of it is given back. */
  const seal = () => {
    if (current && current.used < current.bytes.length) {
      const filled = Buffer.allocUnsafeSlow(current.used)
      current.bytes.copy(filled, 0, 0, current.used)
      blocks[current.number] = filled
    }
    current = null
  }

  /** A block with room for `size` more bytes. */
  const room = (size: number) => {
    if (current && current.bytes.length - current.used >= size) return current
    seal()
    const bytes = Buffer.allocUnsafeSlow(Math.max(CARD_BLOCK_BYTES, size))
    current = { bytes, number: blocks.length, used: 0 }
    blocks.push(bytes)
    return current
  }

  const numberOf = (kept: Buffer) => {
    let number = blockNumbers.get(kept)
    if (number === undefined) {
      number = blocks.length
      blockNumbers.set(kept, number)
      blocks.push(kept)
    }
    return number
  }

  return {
    add(id: string, json: string): void {
      const at = json.lastIndexOf(CARD_SHARED_ENDING_MARK)
      const split = at === -1 ? json.length : at
      const head = json.slice(0, split)
      const target = room(Buffer.byteLength(head))
      const size = target.bytes.write(head, target.used)
      const written = target.bytes.subarray(target.used, target.used + size)
      const before = previous && cardHead(previous.cards, previous.positions.get(id) ?? -1)
      if (before?.block.subarray(before.start, before.end).equals(written)) {
        // The bytes just written are left to be written over: the previous version's are kept.
        block.push(numberOf(before.block))
        start.push(before.start)
        end.push(before.end)
      } else {
        block.push(target.number)
        start.push(target.used)
        end.push(target.used + size)
        target.used += size
      }
      endings.push(endingNumber(json.slice(split)))
    },
    finish: (): CardBytes => {
      seal()
      return {
        count: block.length,
        blocks,
        block: Uint32Array.from(block),
        start: Uint32Array.from(start),
        end: Uint32Array.from(end),
        endings: Uint32Array.from(endings),
        endingBytes,
      }
    },
  }
}
