#!/usr/bin/env node
// Installs the Firebase test tooling (tests/firebase/package.json: emulators, patch-package) once, so the
// default `npm install` stays lean. Idempotent: a stamp of the lockfile and patches makes a second run instant.
// Works from the npm cache alone (--prefer-offline); install scripts are skipped (re2's native build is an
// optional part of the Hosting emulator we do not use), then the patches are applied.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const stampFile = join(here, 'node_modules', '.linen-console-stamp');

/** A hash of what decides the installed tree: the lockfile and every patch. */
function wantedStamp() {
  const hash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json')));
  for (const name of readdirSync(join(here, 'patches')).sort()) {
    hash.update(name).update(readFileSync(join(here, 'patches', name)));
  }
  return hash.digest('hex');
}

/** Runs a command in tests/firebase; exits with its code when it fails. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: here, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`tests/firebase: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const wanted = wantedStamp();
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) process.exit(0);

const started = Date.now();
console.log('tests/firebase: installing the Firebase test tooling (once; about 270 MB)…');
run('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
run(process.execPath, [join(here, 'node_modules', 'patch-package', 'index.js')]);
writeFileSync(stampFile, wanted);
console.log(`tests/firebase: installed in ${Math.round((Date.now() - started) / 1000)} s`);
