import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { addLanguageKey, removeLanguageKey } from '../../../server/core/languageKeys.js';
import { getLanguage } from '../../../server/core/languages.js';
import { onChange, type Change } from '../../../server/core/events.js';
import { dialects, startApp, type TestApp } from '../helpers/index.js';

/** Lets the first UPDATE through and fails the second, as a database that fails midway through would. */
class FailSecondWrite implements KyselyPlugin {
  private writes = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'UpdateQueryNode' && ++this.writes === 2) throw new Error('the database failed');
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

// Both records or neither: a failure after the first record's write leaves both as they were and announces nothing.
describe.each(dialects())('language keys in one transaction (%s)', (dialect) => {
  let t: TestApp;
  const heard: Change[] = [];
  beforeAll(async () => {
    t = await startApp({ dialect });
    onChange(t.db, (cs) => void heard.push(...cs));
  });
  afterAll(async () => t?.close());

  const both = async () => ({ en: await getLanguage(t.db, 'en'), se: await getLanguage(t.db, 'se') });
  const actor = { uid: 'core-test' };

  it('adds to neither record when the second write fails', async () => {
    const before = await both();
    const heardBefore = heard.length;
    await expect(
      addLanguageKey(t.db.withPlugin(new FailSecondWrite()), actor, 'en', 'halfway', 'Half', before.en.version),
    ).rejects.toThrow('the database failed');
    expect(await both()).toEqual(before);
    expect(heard.length).toBe(heardBefore);
  });

  it('removes from neither record when the second write fails', async () => {
    const start = await both();
    await addLanguageKey(t.db, actor, 'se', 'kept', 'Kvar', start.se.version);
    const before = await both();
    await expect(
      removeLanguageKey(t.db.withPlugin(new FailSecondWrite()), actor, 'se', 'kept', before.se.version),
    ).rejects.toThrow('the database failed');
    expect(await both()).toEqual(before);
    expect(before.en.texts.kept).toBe('');
  });

  it('announces both records after the commit, each with its new version', async () => {
    const before = await both();
    const heardBefore = heard.length;
    await addLanguageKey(t.db, actor, 'en', 'announced', 'Yes', before.en.version);
    expect(heard.slice(heardBefore)).toEqual([
      { kind: 'language', id: 'en', version: before.en.version + 1, actor: 'core-test' },
      { kind: 'language', id: 'se', version: before.se.version + 1, actor: 'core-test' },
    ]);
  });
});
