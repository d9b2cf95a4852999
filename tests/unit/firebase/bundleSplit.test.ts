import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What a module imports statically ends up in its chunk; what it loads with import() does not. The default build must
// hold no Firebase code, and a Firebase build's public pages must not pull Firestore or Storage. This walks
// the static imports (not `import type`, not import()) and lists the packages and files reached.
const ROOT = resolve(import.meta.dirname, '..', '..', '..');

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every package and our own file reachable from `entry` through static value imports. */
function staticReach(entry: string): { packages: Set<string>; files: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
      const spec = m[1] ?? '';
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec.replace(/\.js$/, ''));
        if (target) visit(target);
      } else packages.add(spec);
    }
  };
  visit(join(ROOT, entry));
  return { packages, files: new Set([...files].map((f) => f.slice(ROOT.length + 1))) };
}

const firebasePackages = (p: Set<string>): string[] =>
  [...p].filter((s) => /^(firebase|@firebase)(\/|$)/.test(s)).sort();

describe('Firebase code stays where it is asked for', () => {
  it('the default entry reaches no Firebase package and no providers/firebase file statically', () => {
    const { packages, files } = staticReach('src/main.tsx');
    expect(firebasePackages(packages)).toEqual([]);
    expect([...files].filter((f) => f.startsWith('providers/firebase/'))).toEqual([]);
    // The walk does follow the entry into the local provider set (so an empty answer above means something).
    expect(files.has('providers/local/index.ts')).toBe(true);
  });

  it('the entry loads providers/firebase only with import()', () => {
    const main = readFileSync(join(ROOT, 'src/main.tsx'), 'utf8');
    expect(main).toMatch(/import\('\.\.\/providers\/firebase'\)/);
  });

  it(
    'the Firebase provider set brings only firebase/app and ' +
      'firebase/auth with it; Firestore and Storage load later',
    () => {
      const { packages } = staticReach('providers/firebase/index.ts');
      expect(firebasePackages(packages)).toEqual(['firebase/app', 'firebase/auth']);
    },
  );

  it('the data chunk is where Firestore comes in (the walk sees it when it is there)', () => {
    expect(firebasePackages(staticReach('providers/firebase/data.ts').packages)).toContain('firebase/firestore');
    expect(firebasePackages(staticReach('providers/firebase/uploads.ts').packages)).toContain('firebase/storage');
  });
});
