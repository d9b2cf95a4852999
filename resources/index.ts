import type { ResourceDefinition } from './types';
import users from './users';
import products from './products';
import languages from './languages';
import { simpleFolders } from './descriptions';

export type { ResourceDefinition } from './types';

// Each simple resource's screens: its folder's index.ts (resources/shared/records.ts makes them from the folder).
const screens = import.meta.glob<ResourceDefinition>('./*/index.ts', { eager: true, import: 'default' });

export const simpleResources: readonly ResourceDefinition[] = simpleFolders.map((folder) => {
  const found = screens[`./${folder}/index.ts`];
  if (!found) throw new Error(`resources/${folder} has a description.ts but no index.ts`);
  return found;
});

/** The console's resources, in sidebar order (spec §2): its own, then the simple ones (folder-name order). */
export const consoleResources: readonly ResourceDefinition[] = [users, products, languages, ...simpleResources];
