import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { shutdown } from './shutdown.js';

/**
 * Starts the console: checks config, builds the app, listens, and shuts down gracefully on SIGTERM or SIGINT
 * (server/shutdown.ts).
 */
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
  // What the console says to whoever runs it, whatever LOG_LEVEL: a plain line for a person at a terminal, a log line
  // (JSON) otherwise, so that piped output is JSON lines only (LOG_FORMAT, server/config.ts).
  const pretty = config.logFormat === 'pretty';
  const say = (text: string): void => (pretty ? console.log(text) : app.log.child({}, { level: 'info' }).info(text));
  const { app, services } = await buildApp(config, { announce: (text) => say(text) });
  const admin = services.setup.createdAdmin;
  if (admin) {
    const banner = admin.generated
      ? `First start: created the admin ${admin.email} with the password ${admin.password}\nIt ` +
        `is shown only this once: sign in and change it under My Account → Change password.`
      : `First start: created the admin ${admin.email} with the password from ADMIN_PASSWORD.`;
    say(pretty ? `\n${'='.repeat(72)}\n${banner}\n${'='.repeat(72)}\n` : banner);
  }
  const graceMs = config.shutdownGraceSeconds * 1000;
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // Once: under `npm start` a Ctrl-C reaches the server twice (from the terminal and forwarded by npm).
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal, graceSeconds: config.shutdownGraceSeconds },
      'shutting down: finishing the requests under way',
    );
    // Should closing hang past the grace (a database that does not answer), the process ends all the same.
    setTimeout(() => {
      console.error(`Shutdown took longer than ${config.shutdownGraceSeconds} s; exiting.`);
      process.exit(1);
    }, graceMs + 5000).unref();
    shutdown(app, services, graceMs).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
  say(`Console ready at ${config.publicUrl}`);
}

void main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
