import { z } from 'zod';
import { said, type Said } from './translate.js';

// Zod's own refusals (a value of the wrong type, a field it does not know, a required one left out) in the catalogue's
// words: zod's locale, for every schema made anywhere, is the catalogue's keys (domain/translate.ts `said`), which
// each edge says in its reader's language, as it says our rules' own. A rule's own message comes first, as ever.
// Loaded for its effect by domain/text.ts, which every schema of ours reads.

/** What zod tells of an issue, as said by key. */
function issueWords(issue: z.core.$ZodRawIssue): Said {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return said('common.required');
      if (issue.expected === 'string') return said('errors.expectedText');
      if (issue.expected === 'number' || issue.expected === 'int') return said('errors.expectedNumber');
      if (issue.expected === 'boolean') return said('errors.expectedBoolean');
      if (issue.expected === 'array') return said('errors.expectedList');
      return said('errors.wrongType');
    case 'unrecognized_keys':
      return said('errors.unknownFields', { keys: issue.keys.join(', ') });
    case 'too_big':
      return issue.origin === 'string'
        ? said('errors.tooLong', { max: Number(issue.maximum) })
        : said('errors.invalid');
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? said('common.required')
        : said('errors.invalid');
    default:
      return said('errors.invalid');
  }
}

z.config({ localeError: (issue) => issueWords(issue) });
