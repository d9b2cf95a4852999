import { describe, expect, it } from 'vitest';
import { describeAgent } from '../../../server/lib/userAgent.js';

describe('describeAgent: browser and system from a User-Agent header', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'Chrome 140',
      'Linux',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox 121', 'Windows 10'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 ' +
        '(KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS 17',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 ' +
        '(KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Microsoft Edge 120',
      'macOS Catalina',
    ],
  ])('%s', (ua, browser, system) => {
    expect(describeAgent(ua)).toEqual({ browser, system });
  });

  it('names nothing for an empty, missing or unknown header', () => {
    expect(describeAgent(undefined)).toEqual({ browser: null, system: null });
    expect(describeAgent('   ')).toEqual({ browser: null, system: null });
    expect(describeAgent('curl-ish/1')).toEqual({ browser: null, system: null });
  });

  it('reads at most the first 1024 characters of a huge header', () => {
    expect(
      describeAgent(
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0 ${'x'.repeat(100_000)}`,
      ).browser,
    ).toBe('Firefox 121');
  });
});
