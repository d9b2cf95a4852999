import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP link to `port` on 127.0.0.1 whose answers arrive `delayMs` late (what is sent goes through at once), in order:
 * a slow network between one instance and its database, for tests of what must wait for the slowest instance.
 */
export async function slowLink(port: number, delayMs: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => setTimeout(() => client.writable && client.write(chunk), delayMs));
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
