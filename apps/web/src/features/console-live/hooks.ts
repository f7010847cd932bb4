import { useState } from 'react'
import { useLive, type LiveEvent } from '../../lib/realtime'
import { readSaleNoticesOn, storeSaleNoticesOn } from './model/notice-preference'
import { orderNotice, type OrderNotice } from './model/order-event'

/** What a console channel's event changed, for the page to read again (README: Realtime). */
export type ConsoleTopic = 'orders' | 'members' | 'readiness'

const TOPICS: Record<string, ConsoleTopic> = {
  'console.orders': 'orders',
  'console.members': 'members',
  'console.readiness': 'readiness',
}
const CHANNELS = Object.keys(TOPICS)

export interface ConsoleLiveOptions {
  /** Only for an admin the console is open to: the channels answer anyone else with 403. */
  enabled: boolean
  /** An event on a topic's channel: read again what it shows. */
  onChange: (topic: ConsoleTopic) => void
  /** The connection came back after a drop: events were missed, so read everything shown again. */
  onReconnect: () => void
}

export interface ConsoleLive {
  /** The last sale, refund or dispute heard, until dismissed; never while notices are off. */
  notice: OrderNotice | null
  dismiss: () => void
  noticesOn: boolean
  setNoticesOn: (on: boolean) => void
}

/**
 * The owner's console kept current (issue 45): one subscription to its channels for all its pages, which
 * says what changed, and the notice of the last order heard, which the owner may switch off.
 */
export function useConsoleLive({ enabled, onChange, onReconnect }: ConsoleLiveOptions): ConsoleLive {
  const [notice, setNotice] = useState<OrderNotice | null>(null)
  const [noticesOn, setOn] = useState(readSaleNoticesOn)

  useLive({
    channels: CHANNELS,
    enabled,
    onReconnect,
    onEvent: (event: LiveEvent) => {
      const topics = new Set(event.channels.flatMap((channel) => TOPICS[channel] ?? []))
      for (const topic of topics) onChange(topic)
      if (!topics.has('orders') || !noticesOn) return
      const heard = orderNotice(event)
      if (heard) setNotice(heard)
    },
  })

  return {
    notice: noticesOn ? notice : null,
    dismiss: () => setNotice(null),
    noticesOn,
    setNoticesOn: (on) => {
      setOn(on)
      storeSaleNoticesOn(on)
      if (!on) setNotice(null)
    },
  }
}
