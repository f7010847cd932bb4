/** What the member's last action did, shown and read out politely (screen readers hear every change). */
export function StatusLine({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p role="status" className={`min-h-5 text-sm font-medium text-green-800 ${className}`}>
      {text}
    </p>
  )
}
