// Child process: the load generator, kept out of the servers' and the orchestrator's processes.
// Jobs arrive over IPC: 'cannon' (autocannon, many connections) and 'sequential' (one client, precise latencies).
import autocannon from 'autocannon';
import http from 'node:http';
import { percentile, type ChildMessage } from './lib.js';

/** What both jobs take: a base URL, request paths used in turn, and headers (the session cookie). */
export interface LoadJob extends ChildMessage {
  url: string;
  paths: string[];
  headers: Record<string, string>;
}

export interface CannonJob extends LoadJob {
  type: 'cannon';
  connections: number;
  durationS: number;
}

export interface SequentialJob extends LoadJob {
  type: 'sequential';
  count: number;
  maxMs: number;
}

export interface CannonResult extends ChildMessage {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface SequentialResult extends ChildMessage {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  failures: number;
}

/** autocannon with the paths taken in turn by every connection. */
async function cannon(job: CannonJob): Promise<CannonResult> {
  let i = 0;
  const next = (): string => job.paths[i++ % job.paths.length]!;
  const r = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationS,
    headers: job.headers,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  return {
    type: 'cannon',
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** One keep-alive client, one request at a time, timed with the high-resolution clock. */
async function sequential(job: SequentialJob): Promise<SequentialResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failures = 0;
  const end = performance.now() + job.maxMs;
  for (let n = 0; n < job.count && performance.now() < end; n++) {
    const t0 = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        new URL(job.paths[n % job.paths.length]!, job.url),
        { agent, headers: job.headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
    times.push(performance.now() - t0);
    if (status !== 200) failures++;
  }
  agent.destroy();
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    type: 'sequential',
    n: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    mean,
    failures,
  };
}

process.on('message', (m: CannonJob | SequentialJob) => {
  const run = m.type === 'cannon' ? cannon(m) : sequential(m);
  void run.then(
    (result) => process.send!(result),
    (err: unknown) => process.send!({ type: 'error', message: String(err) }),
  );
});
process.send!({ type: 'ready' });
