import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the console: checks config, builds the app, listens, and shuts down cleanly on a signal. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, services } = await buildApp(config);
  const admin = services.setup.createdAdmin;
  if (admin) {
    const banner = admin.generated
      ? `First start: created the admin ${admin.email} with the password ${admin.password}\nIt is shown only this once: sign in and change it (Forgot Password? sends a reset link).`
      : `First start: created the admin ${admin.email} with the password from ADMIN_PASSWORD.`;
    console.log(`\n${'='.repeat(72)}\n${banner}\n${'='.repeat(72)}\n`);
  }
  const close = async (): Promise<void> => {
    // Requests in flight get ten seconds to finish; a keep-alive socket left busy must not hold the exit longer.
    setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  console.log(`Console ready at ${config.publicUrl}`);
}

void main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
