import { describe, expect, it } from 'vitest';
import { MAX_REGEX_LENGTH, regexProblem } from './regex-policy';
import { unquotePcre } from './where-values';

const check = (pattern: string, options = '') => regexProblem(unquotePcre(pattern), options);

describe('$regex patterns the server refuses before they reach the database', () => {
  it('accepts what apps and the SDKs send', () => {
    for (const pattern of [
      '^abc',
      '^\\QCa\\E',
      '\\Qa.b(c\\E',
      '.*foo.*',
      '^[A-Z]',
      '[a-c]$',
      '^.$',
      'hel+o',
      '\\d+',
      '\\bhello\\b',
      '^\\w+@[\\w.-]+\\.[a-z]{2,}$',
      '(foo|bar)+',
      '(ab?)+c',
      '[[:alpha:]]+',
      '[]a]+',
      '[^]]*',
      '\\y\\m\\M',
      '^\\d{3}-\\d{4}$',
      '(?:red|green|blue)',
      '(?=a)a',
      '(?<!x)y',
      '中文',
      'a(?#comment)b',
      '',
    ])
      expect(check(pattern), pattern).toBeUndefined();
    expect(check('^ C a r # the name', 'x')).toBeUndefined();
    expect(check('line\\ one # comment ( [', 'x')).toBeUndefined();
    expect(check('^line two$', 'ims')).toBeUndefined();
  });

  it('refuses back-references, naming them', () => {
    expect(check('^(a*)*\\1$')).toMatch(/nested quantifiers|back-reference/);
    expect(check('^(a*)\\1$')).toMatch(/back-reference \\1/);
    expect(check('(\\w+)\\s\\1')).toMatch(/back-reference \\1/);
    expect(check('[[:alpha:]](x)(?#c)\\1')).toMatch(/back-reference \\1,/);
    expect(check('(a) \\1', 'x')).toMatch(/back-reference/);
  });

  it('refuses nested quantifiers, naming the outer and inner repetition', () => {
    expect(check('(a+)+b')).toMatch(/repeats \(a\+\)\+, which contains the repetition a\+/);
    expect(check('((a+)+)+b')).toMatch(/nested quantifiers/);
    expect(check('(\\w+\\s?)*$')).toMatch(/nested quantifiers/);
    expect(check('(a{1,255}){1,255}x')).toMatch(/nested quantifiers/);
    expect(check('(?:[ab]*c)+')).toMatch(/nested quantifiers/);
    expect(check('([[:alpha:]]+)*')).toMatch(
      /^repeats \(\[\[:alpha:\]\]\+\)\*, which contains the repetition \[\[:alpha:\]\]\+:/,
    );
  });

  it('refuses long patterns and large expansions of counted repetitions', () => {
    expect(check('a'.repeat(MAX_REGEX_LENGTH + 1))).toMatch(/at most 1000 are accepted/);
    expect(check('[ab]{1,255}'.repeat(80))).toMatch(/expands to 20400 positions/);
    expect(check('.{1,255}'.repeat(7))).toBeUndefined();
  });

  it('refuses what it cannot parse instead of running it unchecked', () => {
    expect(check('(?i)a')).toBe('is not a regular expression the server can check (Invalid group)');
    expect(check('a**')).toMatch(/server can check \(Nothing to repeat\)/);
    expect(check('(')).toMatch(/server can check \(Unterminated group\)/);
  });
});
