import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

/** One line of a daily chart: its values, one per day, drawn in its colour and dash. */
export interface DailySeries {
  label: string
  values: readonly number[]
  colour: string
  /** Dashes tell the lines apart without their colour (WCAG 1.4.1). */
  dash?: number[]
}

const HEIGHT = 220
// Whole steps only: counts have no fractions, and a scale of 0.5 visitors would say they do.
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6]
const DAY_STEPS = [1, 2, 7, 14, 28]
const AXIS = { stroke: '#475569', font: '12px system-ui, sans-serif', grid: { stroke: '#e2e8f0', width: 1 } }

/** Whether this browser can draw (component tests' DOM has no canvas: they read the table instead). */
const canDraw = () =>
  typeof ResizeObserver !== 'undefined' && document.createElement('canvas').getContext('2d') !== null

/**
 * Counts by day as lines (uPlot, decision 065), as wide as its frame, with the hovered day's figures above
 * it and a legend under it. A picture only: the section around it hides it from screen readers and gives
 * its table. `days` and `series` should keep their identity between renders (the chart is rebuilt when
 * they change).
 */
export function DailyChart({
  days,
  series,
  dayText,
  countText,
}: {
  days: readonly string[]
  series: readonly DailySeries[]
  dayText: (day: string) => string
  countText: (count: number) => string
}) {
  const frame = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<number | null>(null)
  useEffect(() => {
    const element = frame.current
    if (!element || !canDraw()) return
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      scales: { x: { time: false }, y: { range: (_plot, _min, max) => [0, Math.max(4, max)] } },
      axes: [
        {
          ...AXIS,
          space: 64,
          incrs: DAY_STEPS,
          values: (_plot, splits) => splits.map((index) => (days[index] ? dayText(days[index]) : '')),
        },
        {
          ...AXIS,
          size: 48,
          incrs: COUNT_STEPS,
          values: (_plot, splits) => splits.map((count) => countText(count)),
        },
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.colour,
          width: 2,
          dash: line.dash,
          points: { show: days.length <= 31 },
        })),
      ],
      hooks: { setCursor: [(plot: uPlot) => setHovered(plot.cursor.idx ?? null)] },
    }
    const data: uPlot.AlignedData = [days.map((_, index) => index), ...series.map((line) => [...line.values])]
    const plot = new uPlot(options, data, element)
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }))
    observer.observe(element)
    return () => {
      observer.disconnect()
      plot.destroy()
    }
  }, [days, series, dayText, countText])

  const day = hovered === null ? undefined : days[hovered]
  return (
    <div>
      <p className="min-h-5 text-xs text-slate-700 tabular-nums">
        {day !== undefined &&
          hovered !== null &&
          `${dayText(day)}: ${series.map((line) => `${line.label} ${countText(line.values[hovered] ?? 0)}`).join(' · ')}`}
      </p>
      <div ref={frame} className="w-full" style={{ minHeight: HEIGHT }} />
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        {series.map((line) => (
          <li key={line.label} className="flex items-center gap-2">
            <svg width="24" height="8" viewBox="0 0 24 8" focusable="false">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                stroke={line.colour}
                strokeWidth="2.5"
                strokeDasharray={line.dash?.join(' ')}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
