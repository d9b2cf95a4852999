import type { ResourceDefinition } from './types';
import users from './users';
import products from './products';
import languages from './languages';

export type { ResourceDefinition } from './types';

/** The console's resources, in sidebar order (spec §2). A new resource is one more line here. */
export const consoleResources: readonly ResourceDefinition[] = [users, products, languages];
