import net from 'node:net';

/**
 * From here on this process opens TCP connections to the loopback only: any other address throws before a packet
 * leaves. The Google libraries behind firebase-admin look for cloud credentials on their own (the metadata server at
 * 169.254.169.254); against emulators nothing may be asked there, and a test must fail rather than try.
 */
export function loopbackOnly(): void {
  const proto = net.Socket.prototype as unknown as { connect: (...args: unknown[]) => unknown; loopbackOnly?: true };
  if (proto.loopbackOnly) return;
  const connect = proto.connect;
  proto.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string;
    const host = typeof options === 'object' ? options.host : typeof args[1] === 'string' ? args[1] : undefined;
    const path = typeof options === 'object' ? options.path : typeof options === 'string' ? options : undefined;
    const local = path !== undefined || host === undefined || /^(127\.|localhost$|::1$|::ffff:127\.)/.test(host);
    if (!local) throw new Error(`refused a connection to ${host}: only the loopback is reached here`);
    return connect.apply(this, args);
  };
  proto.loopbackOnly = true;
}
