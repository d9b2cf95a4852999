import type { RecordsResource } from '../domain/records.js';

/**
 * The simple resources this console serves, each described once in domain/ (domain/records.ts): its table, routes
 * and rules follow from the description. One line per resource; docs/adding-a-resource.md shows the whole way.
 */
export const recordResources: readonly RecordsResource[] = [];
