/**
 * The bare reference (run as its own process by bare-reference.ts): a plain Node `http` server that
 * answers each recorded request with the real server's recorded status, headers and body, from memory.
 * It does nothing else (no session check, no routing, no query), so it is the most a Node process
 * on this machine can answer: the ceiling the real server's req/s is compared with.
 * `tsx bench/lib/bare-server.ts <answers.json> <port>`
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { z } from 'zod'

const answersSchema = z.array(
  z.object({ path: z.string(), status: z.number(), headers: z.array(z.string()), body: z.string() }),
)

const [file, port] = process.argv.slice(2)
if (!file || !port) throw new Error('usage: bare-server.ts <answers.json> <port>')
const answers = new Map(
  answersSchema
    .parse(JSON.parse(readFileSync(file, 'utf8')))
    .map((answer) => [answer.path, { ...answer, body: Buffer.from(answer.body, 'base64') }]),
)

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '')
  if (!answer) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(answer.status, answer.headers).end(answer.body)
})
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`bare server is running on ${port}\n`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
