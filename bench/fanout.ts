import http from 'node:http';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, percentile, signIn, type Measure } from './lib.js';

export interface FanoutFigures {
  clients: number;
  instances: number;
  /** Changes per measured run; each run pools every client's latency over them. */
  changesPerRun: number;
  /** Milliseconds from sending PUT /api/app/status to a client reading the new status. */
  p50Ms: Measure;
  p99Ms: Measure;
  lastMs: Measure;
}

/** An open event stream that notes when it reads each status. */
interface Listener {
  req: http.ClientRequest;
  /** performance.now() of the newest event, and its active flag. */
  last: { at: number; active: boolean } | null;
}

function listen(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const l: Listener = { req: http.get(`${url}/api/app/status/events`, { agent: false }), last: null };
    l.req.on('response', (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end; (end = buffer.indexOf('\n\n')) >= 0; buffer = buffer.slice(end + 2)) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
          if (data) l.last = { at: performance.now(), active: (JSON.parse(data) as { active: boolean }).active };
        }
      });
      resolve(l);
    });
    l.req.on('error', reject);
  });
}

/** Polls until every listener has read `active`, or throws after timeoutMs. */
async function allRead(ls: Listener[], active: boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!ls.every((l) => l.last?.active === active)) {
    if (performance.now() > end)
      throw new Error(`${ls.filter((l) => l.last?.active !== active).length} clients did not hear active=${active}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Section 5: `clients` event streams split across `instances` servers on one database; an admin flips the status. */
export async function measureFanout(
  place: Place,
  opts: { clients: number; instances: number; changesPerRun: number },
): Promise<FanoutFigures> {
  const servers = [];
  for (let i = 0; i < opts.instances; i++) servers.push(await startOurs(place));
  const listeners: Listener[] = [];
  try {
    const admin = servers[0]!;
    const cookie = await signIn(admin.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const put = async (active: boolean): Promise<void> => {
      const res = await fetch(`${admin.url}/api/app/status`, {
        method: 'PUT',
        headers: { cookie, origin: admin.url, 'content-type': 'application/json' },
        body: JSON.stringify({ active }),
      });
      if (res.status !== 200) throw new Error(`PUT /api/app/status answered ${res.status}`);
    };
    for (let i = 0; i < opts.clients; i++) listeners.push(await listen(servers[i % servers.length]!.url));
    await allRead(listeners, true, 30_000);
    log(`${opts.clients} event streams open on ${opts.instances} instance(s)`);
    let active = true;
    const runs: Array<{ p50: number; p99: number; last: number }> = [];
    for (let round = 0; round <= 2; round++) {
      const latencies: number[] = [];
      const lasts: number[] = [];
      for (let c = 0; c < opts.changesPerRun; c++) {
        active = !active;
        const t0 = performance.now();
        await put(active);
        await allRead(listeners, active, 30_000);
        const ms = listeners.map((l) => l.last!.at - t0);
        latencies.push(...ms);
        lasts.push(Math.max(...ms));
        // Quiet between changes, so one change's fan-out does not overlap the next.
        await new Promise((r) => setTimeout(r, 200));
      }
      log(
        `${round === 0 ? 'warm-up' : `run ${round}`}: fan-out ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
      );
      if (round > 0)
        runs.push({ p50: percentile(latencies, 50), p99: percentile(latencies, 99), last: Math.max(...lasts) });
    }
    // The app must be left active: the browser figures come next.
    if (!active) await put(true);
    return {
      clients: opts.clients,
      instances: opts.instances,
      changesPerRun: opts.changesPerRun,
      p50Ms: measure(runs.map((r) => r.p50)),
      p99Ms: measure(runs.map((r) => r.p99)),
      lastMs: measure(runs.map((r) => r.last)),
    };
  } finally {
    for (const l of listeners) l.req.destroy();
    await Promise.all(servers.map((s) => s.child.stop()));
  }
}
