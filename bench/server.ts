// Child process: the console's real server (buildApp + listen, as server/main.ts does) on the bench's data,
// so its memory is measured alone. Answers { type: 'written' } with the bytes tus staged since the last ask.
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { ChildMessage } from './lib.js';

type Write = (...a: unknown[]) => Promise<number>;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { app, services } = await buildApp(config, { logger: config.logLevel !== 'silent' });
  let written = 0;
  // Counted as tests/server/routes/uploads.test.ts does: write(stream, id, offset) answers the new offset.
  const staging = services.staging as unknown as { write: Write };
  const write: Write = staging.write.bind(staging);
  staging.write = async (...a: unknown[]) => {
    const end = await write(...a);
    written += end - (a[2] as number);
    return end;
  };
  process.on('message', (m: ChildMessage) => {
    if (m.type === 'written') {
      process.send!({ type: 'written', bytes: written });
      written = 0;
    }
  });
  const close = async (): Promise<void> => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close());
  process.once('SIGINT', () => void close());
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send!({ type: 'ready', port: config.port });
}

void main().catch((err: unknown) => {
  process.send?.({ type: 'error', message: err instanceof Error ? err.stack : String(err) });
  process.exit(1);
});
