import type { ResourceDescription } from '../domain/resourceDescription.js';
import { descriptions } from './resources.generated.js';

/**
 * The described resources this console serves: every folder of resources/ with a description.ts, found by
 * `npm run resources` (scripts/resources.ts), which writes server/resources.generated.ts (the server is bundled, so it
 * cannot look for files when it starts). tests/unit/resources/folders.test.ts fails when that file is not current.
 */
export const servedResources: readonly ResourceDescription[] = descriptions;
