// `npm run resources`: finds every resource folder (resources/<name>/description.ts) and writes what is derived from
// the descriptions: the server's list (server/resources.generated.ts: the server is bundled, so it cannot look for
// files when it starts), the migration a new resource or field needs (server/db/migrations/NNN_<tables>.ts, listed
// in server/db/migrations/resources.generated.ts) and the Firestore rules blocks (firebase/firestore.rules, between the
// markers; scripts/firestoreRules.ts). tests/unit/resources/folders.test.ts fails when any is not current.
// A renamed field (renamedFrom) has its column renamed, a new one is filled (fill); a column no field describes is
// named on every run and dropped only by `npm run resources -- --drop <resource>.<field>`.
// docs/adding-a-resource.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { checkReferences, type ResourceDescription } from '../domain/resourceDescription.js';
import { describedIn, planSteps, type Plan, type TableStep } from '../server/db/describedTables.js';
import { PRODUCTS_HAND_MADE } from '../server/db/productsTable.js';
import { productDescription } from '../domain/productFields.js';
import { withRules } from './firestoreRules.js';

export { BEGIN, END, PRODUCTS_BEGIN, PRODUCTS_END, productRulesOf, rulesOf, withRules } from './firestoreRules.js';

/** Where the generator reads and writes: the console's own folder, or another laid out alike (`--root`). */
export interface Paths {
  root: string;
  SERVER_LIST: string;
  RULES: string;
  MIGRATIONS: string;
  MIGRATION_LIST: string;
}
export function pathsOf(root: string): Paths {
  const MIGRATIONS = join(root, 'server', 'db', 'migrations');
  return {
    root,
    SERVER_LIST: join(root, 'server', 'resources.generated.ts'),
    RULES: join(root, 'firebase', 'firestore.rules'),
    MIGRATIONS,
    MIGRATION_LIST: join(MIGRATIONS, 'resources.generated.ts'),
  };
}
const HERE = pathsOf(join(import.meta.dirname, '..'));
export const { root, SERVER_LIST, RULES, MIGRATIONS, MIGRATION_LIST } = HERE;

/** The folders of resources/ that hold a description.ts, in name order. */
export function resourceFolders(at: Paths = HERE): string[] {
  const dir = join(at.root, 'resources');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'description.ts')))
    .map((e) => e.name)
    .sort();
}

/** Each folder's description (its `description` export). */
export async function loadDescriptions(at: Paths = HERE): Promise<ResourceDescription[]> {
  const out: ResourceDescription[] = [];
  for (const folder of resourceFolders(at)) {
    const mod = (await import(pathToFileURL(join(at.root, 'resources', folder, 'description.ts')).href)) as {
      description?: ResourceDescription;
    };
    if (!mod.description) throw new Error(`resources/${folder}/description.ts exports no description`);
    if (mod.description.name !== folder)
      throw new Error(
        `resources/${folder}/description.ts names itself ${mod.description.name}: a folder is named after its resource`,
      );
    out.push(mod.description);
  }
  checkReferences(out);
  return out;
}

/** The migration files that hold resource steps (written by this script), in name order. */
export function resourceMigrationFiles(at: Paths = HERE): string[] {
  return readdirSync(at.MIGRATIONS)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.ts$/.test(f))
    .filter((f) => /^export const steps\b/m.test(readFileSync(join(at.MIGRATIONS, f), 'utf8')))
    .sort();
}

/** Every step the resource migrations hold, in order. */
export async function loadSteps(at: Paths = HERE): Promise<TableStep[]> {
  const out: TableStep[] = [];
  for (const f of resourceMigrationFiles(at)) {
    const mod = (await import(pathToFileURL(join(at.MIGRATIONS, f)).href)) as { steps: TableStep[] };
    out.push(...mod.steps);
  }
  return out;
}

/**
 * What the descriptions need that the migrations have not made, the products' description (domain/productFields.ts)
 * with them: its table starts as the hand-written migrations made it (server/db/productsTable.ts).
 */
export async function planOf(
  descriptions: readonly ResourceDescription[],
  drops: readonly string[] = [],
  at: Paths = HERE,
  products: ResourceDescription = productDescription,
): Promise<Plan> {
  return planSteps([...descriptions, products], [PRODUCTS_HAND_MADE, ...(await loadSteps(at))], drops);
}

/** A generated TypeScript file as Prettier writes it (`npm run lint` checks every file). */
export async function pretty(file: string, text: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

/** server/db/migrations/resources.generated.ts for these migration files. */
export function migrationList(files: readonly string[]): string {
  const names = files.map((f) => f.replace(/\.ts$/, ''));
  return [
    "// Generated by `npm run resources` (scripts/resources.ts): the migrations of the described resources' tables.",
    "import type { Migration } from 'kysely';",
    ...names.map((n) => `import * as m${n} from './${n}.js';`),
    '',
    `export const resourceMigrations: Record<string, Migration> = {${names.map((n) => ` '${n}': m${n},`).join('')}${
      names.length > 0 ? ' ' : ''
    }};`,
    '',
  ].join('\n');
}

/** Words as '// ' lines of at most 120 characters (the house's line length). */
function commentLines(text: string): string[] {
  const out: string[] = [];
  let line = '//';
  for (const word of text.split(' ')) {
    if (line.length + 1 + word.length > 120) {
      out.push(line);
      line = '//';
    }
    line += ` ${word}`;
  }
  return [...out, line];
}

/** A new migration file holding `steps` (plain data, so it does what it did when written whatever changes later). */
export function migrationText(steps: readonly TableStep[]): string {
  const tables = [...new Set(steps.map((s) => s.table))].join(', ');
  return [
    ...commentLines(
      `Generated by \`npm run resources\` (scripts/resources.ts) for ${tables}: what the descriptions needed that ` +
        'the earlier migrations had not made. Never edit one that has run; a later change to a description makes a ' +
        'new one.',
    ),
    "import type { Kysely } from 'kysely';",
    "import { applyTableSteps, revertTableSteps, type TableStep } from '../describedTables.js';",
    '',
    `export const steps: TableStep[] = ${JSON.stringify(steps, null, 2)};`,
    '',
    'export const up = (db: Kysely<unknown>): Promise<void> => applyTableSteps(db, steps);',
    'export const down = (db: Kysely<unknown>): Promise<void> => revertTableSteps(db, steps);',
    '',
  ].join('\n');
}

/** The name of the next migration: the number after the highest there is, then the tables it touches. */
export function nextMigrationName(steps: readonly TableStep[], at: Paths = HERE): string {
  const numbers = readdirSync(at.MIGRATIONS)
    .map((f) => /^(\d{3})_/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  const next = String(Math.max(0, ...numbers) + 1).padStart(3, '0');
  const tables = [...new Set(steps.map((s) => s.table))].join('_').slice(0, 60);
  return `${next}_${tables}`;
}

/** server/resources.generated.ts for these folders. */
export function serverList(folders: readonly string[]): string {
  const ident = (f: string) => f.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return [
    '// Generated by `npm run resources` (scripts/resources.ts) from resources/*/description.ts; do not edit by hand.',
    "import type { ResourceDescription } from '../domain/resourceDescription.js';",
    ...folders.map((f) => `import { description as ${ident(f)} } from '../resources/${f}/description.js';`),
    '',
    `export const descriptions: readonly ResourceDescription[] = [${folders.map(ident).join(', ')}];`,
    '',
  ].join('\n');
}

/** The command line: `--drop <resource>.<column>` (again for each), `--root <folder>` (another console's). */
export function argsOf(argv: readonly string[]): { drops: string[]; root?: string } {
  const drops: string[] = [];
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (flag === '--drop' && value) drops.push(value);
    else if (flag === '--root' && value) dir = value;
    else throw new Error(`npm run resources: ${arg} is not --drop <resource>.<field>`);
  }
  return { drops, ...(dir ? { root: dir } : {}) };
}

/** What a column no field describes any more means, and the two ways on (a rename, or a drop). */
export const removedText = (column: string): string => {
  const [table, field] = column.split('.') as [string, string];
  const described = describedIn(table);
  const drop = `to drop the column and its values, run npm run resources -- --drop ${column}`;
  if (field === 'translations' || field === 'search_text')
    return `${column}: ${table} has no ${field === 'translations' ? 'translated' : 'searched'} field now; ${drop}`;
  return (
    `${column}: no field of ${described} is held in column ${field} of ${table}, so its ` +
    `values are kept but nothing reads them. If the field was renamed, write renamedFrom: '${field}' on its new ` +
    `name; ${drop}`
  );
};

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const args = argsOf(argv);
  const at = args.root ? pathsOf(resolve(args.root)) : HERE;
  const descriptions = await loadDescriptions(at);
  const plan = await planOf(descriptions, args.drops, at);
  if (plan.problems.length > 0) {
    // A kind whose storage changed so that some values could not be carried over (kindChanges.ts, conversionOf);
    // a field new to records that have no value for it; a rename or a drop that names no column.
    console.error(`No migration written:\n${plan.problems.map((p) => `- ${p}`).join('\n')}`);
    process.exitCode = 1;
    return;
  }
  for (const column of plan.removed) console.warn(removedText(column));
  if (plan.steps.length > 0) {
    const name = nextMigrationName(plan.steps, at);
    const file = join(at.MIGRATIONS, `${name}.ts`);
    writeFileSync(file, await pretty(file, migrationText(plan.steps)));
    console.log(`Wrote server/db/migrations/${name}.ts`);
    for (const s of plan.steps) {
      for (const [to, from] of Object.entries(s.renamed ?? {})) console.log(`  ${s.table}.${from} renamed ${to}`);
      for (const [k, c] of Object.entries(s.convert ?? {}))
        console.log(
          `  ${s.table}.${k} converted from ${c.from.stored} to ${c.to.stored}, every record's value carried over`,
        );
      for (const [k, c] of Object.entries(s.columns))
        if (c.fill !== undefined)
          console.log(`  ${s.table}.${k} added, its records filled with ${JSON.stringify(c.fill)}`);
      for (const k of Object.keys(s.drop ?? {})) console.log(`  ${s.table}.${k} dropped with its values`);
    }
  }
  writeFileSync(at.MIGRATION_LIST, await pretty(at.MIGRATION_LIST, migrationList(resourceMigrationFiles(at))));
  writeFileSync(at.SERVER_LIST, serverList(resourceFolders(at)));
  writeFileSync(at.RULES, withRules(readFileSync(at.RULES, 'utf8'), descriptions));
  console.log(`${descriptions.length} resource folder(s): ${descriptions.map((d) => d.name).join(', ') || 'none'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
