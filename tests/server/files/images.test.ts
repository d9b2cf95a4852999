import { describe, expect, it } from 'vitest';
import { safeName, STEM_MAX } from '../../../server/files/images.js';

describe('safe stored names', () => {
  it.each([
    ['photo.jpg', 'jpeg', 'photo.jpg'],
    ['../../etc/passwd', 'png', 'passwd.png'],
    ['C:\\Users\\me\\linen.PNG', 'png', 'linen.png'],
    ['tab\there\nnew.jpeg', 'jpeg', 'tab_here_new.jpg'],
    ['Sängkläder ö.jpg', 'jpeg', 'Sangklader_o.jpg'],
    ['.hidden', 'jpeg', 'image.jpg'],
    ['', 'png', 'image.png'],
    ['fake.png', 'jpeg', 'fake.jpg'],
  ] as const)('%j as %s becomes %j', (input, format, expected) => {
    expect(safeName(input, format)).toBe(expected);
  });

  it('keeps a stem of at most STEM_MAX characters, of only safe characters, and the extension', () => {
    const name = safeName(`${'å/\u0000'.repeat(80)}${'x'.repeat(300)}.jpg`, 'jpeg');
    expect(name).toBe(`${'x'.repeat(STEM_MAX)}.jpg`);
    expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});
