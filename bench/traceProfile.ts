// The JavaScript CPU profile part of bench/trace.ts: self time per source file and per function, mapped back from
// the built chunks to our sources and libraries through dist/'s source maps.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession } from '@playwright/test';
import { ROOT } from './lib.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = join(ROOT, 'dist', new URL(url).pathname + '.map');
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url)!;
}

/** A library's name, or our own file's path, for one built position. */
function where(frame: ProfileNode['callFrame']): { file: string; fn: string } {
  if (!frame.url.includes('/assets/'))
    return { file: frame.url ? 'other' : `(${frame.functionName || 'program'})`, fn: frame.functionName };
  const map = mapFor(frame.url);
  const pos = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
  const source = pos?.source ?? frame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const file = pkg ?? source.replace(/^(\.\.\/)+/, '');
  return {
    file,
    fn:
      `${pos?.name ?? frame.functionName ?? '?'} ` +
      `(${source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${pos?.line ?? '?'})`,
  };
}

/** Starts a sampling profile of the page's JavaScript (0.2 ms interval). */
export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Stops the profile and prints self time by library or source file, and the costliest functions. */
export async function stopProfile(cdp: CDPSession, title: string): Promise<string> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFile = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const { file, fn } = where(node.callFrame);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const busy = [...byFile].filter(([k]) => !['(idle)', '(program)'].includes(k)).reduce((a, [, v]) => a + v, 0);
  const top = (m: Map<string, number>, n: number): string =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / 1000).toFixed(1).padStart(7)}  ${k}`)
      .join('\n');
  return (
    `\nJS profile, ${title}: ${(busy / 1000).toFixed(0)} ms outside idle; ` +
    `self time by file:\n${top(byFile, 16)}\nby function:\n${top(byFn, 20)}\n`
  );
}
