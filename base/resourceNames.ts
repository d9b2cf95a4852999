import { createContext, useContext } from 'react';
import type { Catalogue } from '../domain/messages';
import type { ResourceDescription } from '../domain/resourceDescription';

/**
 * What a screen may name of the console's other resources (a record's 'Used by'): how each is called and its fields,
 * and a described one's description. The console gives its resources (src/Console.tsx); outside it, none.
 */
export interface ResourceName {
  name: string;
  history?: {
    label: string | ((m: Catalogue) => string);
    fields: (m: Catalogue) => Readonly<Record<string, string>>;
  };
  screens?: { description: ResourceDescription };
}

export const ResourceNamesContext = createContext<readonly ResourceName[]>([]);

/** The console's resources, by what a screen names of them. */
export const useResourceNames = (): readonly ResourceName[] => useContext(ResourceNamesContext);
