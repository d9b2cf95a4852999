import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv } from '../helpers/process.js';

// The AWS SDK's releases after January 2027 need Node 22, while the console runs on Node 20.19: the SDK is pinned to
// one exact version that runs on Node 20, and its warning about later releases is turned off, and no other warning.
const root = resolve(import.meta.dirname, '..', '..', '..');
const json = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8'));

describe('the AWS SDK on Node 20', () => {
  it('is pinned to an exact version, the one installed, which runs on Node 20', () => {
    const wanted = json('package.json').dependencies['@aws-sdk/client-s3'] as string;
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = json('package-lock.json');
    expect(lock.packages[''].dependencies['@aws-sdk/client-s3']).toBe(wanted);
    const installed = json('node_modules/@aws-sdk/client-s3/package.json');
    expect(installed.version).toBe(wanted);
    const floor = /^>=(\d+)/.exec(installed.engines.node as string)?.[1];
    expect(Number(floor)).toBeLessThanOrEqual(20);
  });

  it('makes an S3 client without the Node 22 warning, and other warnings still show', async () => {
    const script = [
      "const { s3Client } = await import('./server/files/store.ts');",
      "const c = await s3Client({ endpoint: 'http://127.0.0.1:9', bucket: 'b', region: 'us-east-1', " +
        "accessKeyId: 'k', secretAccessKey: 's' });",
      'c.destroy();',
      "process.emitWarning('another warning');",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      env: childEnv(),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((done) => child.on('close', done));
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('Warning: another warning');
    expect(stderr).not.toContain('NodeVersionSupportWarning');
  });
});
