import { describe, expect, test } from 'vitest';
import { displayWidth, hasHangul, LangError, padDisplay, resolveLang } from './lang.ts';

describe('resolveLang', () => {
  test('--lang wins over KAFKA_LABS_LANG, which wins over the locale, which wins over English', () => {
    expect(resolveLang('en', { KAFKA_LABS_LANG: 'ko', LANG: 'ko_KR.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, { KAFKA_LABS_LANG: 'en', LANG: 'ko_KR.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, { KAFKA_LABS_LANG: 'ko' })).toBe('ko');
    expect(resolveLang(undefined, { LANG: 'ko_KR.UTF-8' })).toBe('ko');
    expect(resolveLang(undefined, {})).toBe('en');
  });
  test('the locale is LC_ALL, else LC_MESSAGES, else LANG: the first one set decides', () => {
    expect(resolveLang(undefined, { LC_ALL: 'C.UTF-8', LANG: 'ko_KR.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, { LC_MESSAGES: 'ko_KR', LANG: 'en_US.UTF-8' })).toBe('ko');
    expect(resolveLang(undefined, { LC_ALL: '', LANG: 'ko' })).toBe('ko');
  });
  test('an unknown value, from the flag or the variable, is a one-line LangError', () => {
    expect(() => resolveLang('xx', {})).toThrow(new LangError("--lang must be one of en, ko, not 'xx'"));
    expect(() => resolveLang(undefined, { KAFKA_LABS_LANG: 'xx' })).toThrow(new LangError("KAFKA_LABS_LANG must be one of en, ko, not 'xx'"));
  });
});

test('a Hangul syllable takes two terminal columns, so that Korean tables line up', () => {
  expect(displayWidth('실습 lab')).toBe(8);
  expect(padDisplay('트랙', 6)).toBe('트랙  ');
});

test('hasHangul tells Korean text from English', () => {
  expect(hasHangul('E-42가 두 번 저장됐어요')).toBe(true);
  expect(hasHangul('E-42 stored twice')).toBe(false);
});
