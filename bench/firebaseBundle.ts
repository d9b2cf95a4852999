// `npx tsx bench/firebaseBundle.ts dist firebase/dist`: the JavaScript of built consoles, to check that
// the default build holds no Firebase code and a Firebase build's /signin stays light. Build first (`npm run build`,
// `CONSOLE_BACKEND=firebase … npm run build`). Reads files only; never part of npm test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// What only Firebase SDK code contains (its service addresses and package names); the word 'Firebase' alone also
// appears in the catalogues' 'Not available with the Firebase back end.' text.
const SDK_MARKS = /identitytoolkit\.googleapis|firestore\.googleapis|firebasestorage\.googleapis|@firebase\//;

/**
 * Figures of one built folder: every .js gzipped (level 6, as bench/browser.ts), and the static closure /signin loads.
 */
function measure(dir: string): Record<string, unknown> {
  const assets = join(dir, 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const body = (f: string): Buffer => readFileSync(join(assets, f));
  const gz = (f: string): number => gzipSync(body(f), { level: 6 }).length;
  const closure = (start: string, seen: Set<string>): void => {
    if (seen.has(start) || !js.includes(start)) return;
    seen.add(start);
    // Static imports only (`from"./x.js"`, `import"./x.js"`), not import("./x.js").
    for (const m of body(start)
      .toString('utf8')
      .matchAll(/(?:from|import)\s*"\.\/([^"(]+\.js)"/g))
      closure(m[1] ?? '', seen);
  };
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1] ?? '';
  const signin = new Set<string>();
  closure(entry, signin);
  closure(js.find((f) => f.startsWith('SignIn-')) ?? '', signin);
  // A Firebase build renders only once its provider set (app + auth) has loaded: it belongs to /signin too.
  const provider = js.find(
    (f) =>
      f !== entry &&
      /identitytoolkit/.test(body(f).toString('utf8')) &&
      !/firestore\.googleapis/.test(body(f).toString('utf8')),
  );
  if (provider) closure(provider, signin);
  return {
    dir,
    files: js.length,
    rawBytes: js.reduce((s, f) => s + body(f).length, 0),
    gzipBytes: js.reduce((s, f) => s + gz(f), 0),
    signinGzipBytes: [...signin].reduce((s, f) => s + gz(f), 0),
    filesWithSdkCode: js.filter((f) => SDK_MARKS.test(body(f).toString('utf8'))).length,
  };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push('dist');
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const d of dirs) {
  const dir = resolve(d);
  console.log(existsSync(join(dir, 'index.html')) ? JSON.stringify(measure(dir)) : `${d}: not built`);
}
