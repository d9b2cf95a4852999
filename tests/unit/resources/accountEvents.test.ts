import { describe, expect, it } from 'vitest';
import { describeEntry } from '../../../resources/shared/history/describe';
import { recordPath, recordText } from '../../../src/pages/activityColumns';
import { messages } from '../../../domain/messages';
import { sv } from '../../../domain/messages.sv';
import type { HistoryEntry } from '../../../domain/history';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: '1',
  at: '2026-11-24T10:00:00.000Z',
  actor: 'eva',
  actorName: 'Eva Berg',
  kind: 'account',
  resource: null,
  recordId: 'eva',
  recordLabel: 'Eva Berg',
  action: 'signedIn',
  diff: { method: [null, 'password'], address: [null, '10.0.0.7'], browser: [null, 'Chrome 140, Linux'] },
  ...over,
});

// The sign-in events' sentences on Activity (and in its CSV), in English and Swedish.
describe('sign-in events in words', () => {
  it('says who signed in, how, from where and in which browser', () => {
    expect(describeEntry(entry({}), messages)).toEqual([
      'Eva Berg signed in with a password from 10.0.0.7 (Chrome 140, Linux)',
    ]);
    expect(describeEntry(entry({}), sv)).toEqual([
      'Eva Berg loggade in med lösenord från 10.0.0.7 (Chrome 140, Linux)',
    ]);
  });

  it('names the account of a refused or held-back sign-in, or none when the email matched no account', () => {
    const failed = entry({ action: 'signInFailed', diff: { address: [null, '10.0.0.9'] } });
    expect(describeEntry(failed, messages)).toEqual(['A sign-in as Eva Berg failed, from 10.0.0.9']);
    const unknown = { ...failed, actor: null, actorName: '', recordId: '', recordLabel: null };
    expect(describeEntry(unknown, messages)).toEqual(['A sign-in to an unknown account failed, from 10.0.0.9']);
    expect(describeEntry({ ...unknown, action: 'signInThrottled' }, sv)).toEqual([
      'Inloggningar från 10.0.0.9 stoppades efter för många misslyckanden',
    ]);
    expect(recordText(unknown, messages)).toBe('Sign-in');
    expect(recordPath(unknown)).toBeNull();
    expect(recordPath(failed)).toBe('/users/edit-user/eva');
  });

  it('tells a password change and sessions ended by the person from those ended by an admin', () => {
    const changed = entry({ action: 'passwordChanged', diff: { address: [null, '10.0.0.7'], sessions: [null, 2] } });
    expect(describeEntry(changed, messages)).toEqual([
      'Eva Berg changed their password, from 10.0.0.7; other sessions ended: 2',
    ]);
    const own = entry({ action: 'sessionsEnded', diff: { address: [null, '10.0.0.7'], sessions: [null, 1] } });
    expect(describeEntry(own, messages)).toEqual(['Eva Berg signed out of their sessions; sessions ended: 1']);
    const byAdmin = { ...own, actor: 'ada', actorName: 'Ada Admin' };
    expect(describeEntry(byAdmin, sv)).toEqual(['Ada Admin loggade ut Eva Berg överallt; avslutade sessioner: 1']);
  });

  it(
    'says how a sign-in with a second factor went, and when one ' +
      'was added, removed (also from the command line) or renewed',
    () => {
      const withCode = entry({ diff: { method: [null, 'totp'], address: [null, '10.0.0.7'] } });
      expect(describeEntry(withCode, messages)).toEqual([
        'Eva Berg signed in with a password and an authenticator code from 10.0.0.7',
      ]);
      const withRecovery = entry({ diff: { method: [null, 'recoveryCode'], address: [null, '10.0.0.7'] } });
      expect(describeEntry(withRecovery, sv)).toEqual([
        'Eva Berg loggade in med lösenord och återställningskod från 10.0.0.7',
      ]);
      const added = entry({ action: 'secondFactorAdded', diff: { address: [null, '10.0.0.7'] } });
      expect(describeEntry(added, messages)).toEqual(['Eva Berg turned on two-factor sign-in, from 10.0.0.7']);
      expect(describeEntry({ ...added, action: 'secondFactorRemoved' }, sv)).toEqual([
        'Eva Berg stängde av tvåstegsinloggning, från 10.0.0.7',
      ]);
      const reset = entry({ action: 'secondFactorRemoved', actor: null, actorName: '', diff: {} });
      expect(describeEntry(reset, messages)).toEqual([
        'Two-factor sign-in of Eva Berg was turned off from the command line',
      ]);
      expect(describeEntry({ ...added, action: 'recoveryCodesRenewed' }, messages)).toEqual([
        'Eva Berg made new recovery codes, from 10.0.0.7',
      ]);
    },
  );
});
