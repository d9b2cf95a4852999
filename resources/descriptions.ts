import type { ResourceDescription } from '../domain/resourceDescription';

// The described resources: every folder of resources/ with a description.ts, found by Vite when the app is built (no
// list to keep; docs/adding-a-resource.md). Plain data only, so a provider set may be handed them cheaply.
const described = import.meta.glob<ResourceDescription>('./*/description.ts', { eager: true, import: 'description' });

/** The folders with a description, in name order (the sidebar's order after the console's own resources). */
export const describedFolders: readonly string[] = Object.keys(described)
  .map((path) => path.split('/')[1]!)
  .sort();

/** Their descriptions (Firebase serves each as the collection of its name). */
export const resourceDescriptions: readonly ResourceDescription[] = describedFolders.map(
  (folder) => described[`./${folder}/description.ts`]!,
);
