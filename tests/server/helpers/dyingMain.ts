import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { onChange } from '../../../server/core/events.js';

/**
 * server/main.ts's start, for a test that needs an instance to die at a chosen moment: with DIE_AFTER_COMMIT_OF set (a
 * SKU prefix), the process kills itself with SIGKILL as soon as a product whose SKU starts so has committed, before
 * it answers. Nothing runs after the kill: what a crash, a power cut or the OOM killer does at that moment.
 */
const config = loadConfig();
const { app, services } = await buildApp(config);
const prefix = process.env.DIE_AFTER_COMMIT_OF;
if (prefix) {
  onChange(services.db.kysely, async (changes) => {
    for (const c of changes) {
      if (c.kind !== 'product') continue;
      const row = await services.db.kysely
        .selectFrom('products')
        .select('sku')
        .where('id', '=', c.id)
        .executeTakeFirst();
      if (row?.sku.startsWith(prefix)) process.kill(process.pid, 'SIGKILL');
    }
  });
}
await app.listen({ port: config.port, host: config.host });
console.log(`Console ready at ${config.publicUrl}`);
