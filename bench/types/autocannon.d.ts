/** The part of autocannon@9's programmatic API the benches use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Seconds before a request counts as a timeout. */
    timeout?: number
    method?: string
    headers?: Record<string, string>
    pipelining?: number
    /** Called before each request; may change its path (autocannon's `requests[].setupRequest`). */
    requests?: { setupRequest?: (request: { path: string }) => { path: string } }[]
  }

  /** Histogram summary; latencies are in milliseconds, requests per second and bytes per second. */
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }

  export interface Result {
    url: string
    connections: number
    /** Seconds actually run. */
    duration: number
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface Instance extends EventEmitter {
    stop: () => void
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance

  export default autocannon
}
