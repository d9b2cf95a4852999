import type { FastifyReply } from 'fastify';

/** Adds `name` to the answer's Vary header, keeping the names already there (reply.header alone would replace them). */
export function varyOn(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    void reply.header('Vary', name);
    return;
  }
  const names = String(current)
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === name.toLowerCase())) return;
  void reply.header('Vary', [...names, name].join(', '));
}
