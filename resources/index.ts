import type { ResourceDefinition } from './types';
import users from './users';
import products from './products';
import languages from './languages';
import { describedFolders } from './descriptions';

export type { ResourceDefinition } from './types';

// Each described resource's screens: its folder's index.ts (resources/shared/describedResource.ts makes them from
// the folder).
const screens = import.meta.glob<ResourceDefinition>('./*/index.ts', { eager: true, import: 'default' });

export const describedScreens: readonly ResourceDefinition[] = describedFolders.map((folder) => {
  const found = screens[`./${folder}/index.ts`];
  if (!found) throw new Error(`resources/${folder} has a description.ts but no index.ts`);
  return found;
});

/** The console's resources, in sidebar order (spec §2): its own, then the described ones (folder-name order). */
export const consoleResources: readonly ResourceDefinition[] = [users, products, languages, ...describedScreens];
