import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore, s3Store, type FileStore } from '../../../server/files/store.js';
import { flakyEndpoint, startBucket, type TestBucket } from '../helpers/s3.js';

// Every instance's readiness probe writes and removes a small file in the store they share (one folder, one bucket):
// each its own key, so two probing at the same moment never remove each other's.
describe('the readiness probes of two instances on one store', () => {
  let dir: string;
  let bucket: TestBucket;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'probe-'));
    bucket = await startBucket('console-probe');
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await bucket?.close();
  });

  const together = async (a: FileStore, b: FileStore): Promise<void> => {
    for (let round = 0; round < 40; round++) await Promise.all([a.probe(), b.probe(), a.probe(), b.probe()]);
  };

  it('never fail each other on one folder, and leave nothing behind', async () => {
    await together(localStore(dir), localStore(dir));
    expect(readdirSync(join(dir, 'ready'))).toEqual([]);
  });

  it('write a key each in one bucket, never fail each other, and leave nothing behind', async () => {
    const seen = await flakyEndpoint(bucket.settings.endpoint!);
    try {
      const [a, b] = [
        s3Store({ ...bucket.settings, endpoint: seen.url }),
        s3Store({ ...bucket.settings, endpoint: seen.url }),
      ];
      const puts = async (store: FileStore): Promise<string[]> => {
        seen.requests.length = 0;
        await store.probe();
        return seen.requests.filter((r) => r.startsWith('PUT ')).map((r) => r.split('?')[0]!);
      };
      const [ofA, ofB] = [await puts(a), await puts(b)];
      expect(ofA).toHaveLength(1);
      expect(ofB).toHaveLength(1);
      expect(ofA[0]).toMatch(/^PUT \/console-probe\/ready\//);
      expect(ofA[0]).not.toBe(ofB[0]);
      // Each instance keeps its key.
      expect(await puts(a)).toEqual(ofA);
      await together(a, b);
    } finally {
      await seen.close();
    }
    expect(await bucket.keys()).toEqual([]);
  });
});
