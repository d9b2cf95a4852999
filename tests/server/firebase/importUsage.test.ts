import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../../server/cli.js';
import { createData, type DataStore } from '../helpers/index.js';

// import-firebase's refusals before anything is read from Firebase (the import itself: tests/firebase/import/).
describe('npm run cli -- import-firebase: how it is called', () => {
  let data: DataStore;
  beforeAll(async () => {
    data = await createData('sqlite');
  });
  afterAll(async () => data?.drop());

  async function call(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await cli(
      ['import-firebase', ...args],
      { DATA_DIR: data.dataDir, LOG_LEVEL: 'silent' },
      {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('needs a service account key or a project', async () => {
    const res = await call('--dry-run');
    expect(res.code).toBe(2);
    expect(res.err).toContain('import-firebase needs --service-account or --project.');
    const missing = await call('--service-account', '/nonexistent/key.json');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No service account key at /nonexistent/key.json.');
  });

  it('takes the four hash parameters together, and only ones Firebase gives', async () => {
    const some = await call('--project', 'demo-x', '--hash-key', 'AAAA', '--rounds', '8');
    expect(some.code).toBe(2);
    expect(some.err).toContain('--hash-key, --salt-separator, --rounds and --mem-cost go together');
    const odd = await call(
      '--project',
      'demo-x',
      '--hash-key',
      'AAAA',
      '--salt-separator',
      'Bw==',
      '--rounds',
      '9',
      '--mem-cost',
      '14',
    );
    expect(odd.code).toBe(2);
    expect(odd.err).toContain('not ones Firebase gives');
  });

  it('says what it does in --help', async () => {
    const res = await call('--help');
    expect(res.code).toBe(0);
    expect(res.out).toContain('--hash-key B64');
    expect(res.out).toContain('--dry-run');
    expect(res.out).toContain('FIREBASE_STORAGE_EMULATOR_HOST');
  });
});
