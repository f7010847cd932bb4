/**
 * A pure function of a string that remembers its last answers (up to `kept` of them; all forgotten at
 * once when full, a bound that costs nothing per call). For work every request repeats with the same
 * input, such as reading and hashing its session cookie (decision 055).
 */
export function remembered<T>(compute: (input: string) => T, kept: number): (input: string) => T {
  const answers = new Map<string, T>()
  return (input) => {
    const known = answers.get(input)
    if (known !== undefined || answers.has(input)) return known as T
    const answer = compute(input)
    if (answers.size >= kept) answers.clear()
    answers.set(input, answer)
    return answer
  }
}
