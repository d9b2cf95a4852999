import type { FastifyReply } from 'fastify';

/** Adds `name` to the answer's Vary header, keeping the names already there (reply.header alone would replace them). */
export function varyOn(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === name.toLowerCase())) return;
  void reply.header('Vary', [...names, name].join(', '));
}
