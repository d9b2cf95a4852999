/** Types of scripts/serverBundle.mjs (plain JavaScript so that npm start needs no TypeScript compiler). */
export function newest(path: string): number;
export function serverStale(root: string, outfile: string): boolean;
export function bundleServer(options: { root: string; outfile: string; entry?: string }): Promise<void>;
export const SERVER_NODE_FLAGS: string[];
