import { expect, test } from 'vitest';
import { defineMessages, textsIn } from './messages.ts';

const catalog = defineMessages({
  plain: { en: () => 'the verdict', ko: () => '판정' },
  counted: { en: (p: { n: number }) => `${p.n} copies of E-42`, ko: (p) => `E-42가 ${p.n}번 저장됐어요` },
});

test('a catalog in one language gives whole sentences with their placeholders filled', () => {
  expect(textsIn(catalog, 'en').counted({ n: 2 })).toBe('2 copies of E-42');
  expect(textsIn(catalog, 'ko').counted({ n: 2 })).toBe('E-42가 2번 저장됐어요');
  expect(textsIn(catalog, 'ko').plain()).toBe('판정');
});

test('the typechecker refuses a key without Korean, Korean that reads other parameters, and a call without them', () => {
  // @ts-expect-error a key missing a language
  defineMessages({ half: { en: () => 'only English' } });
  // @ts-expect-error ko reads a parameter en does not declare
  defineMessages({ other: { en: (p: { n: number }) => `${p.n}`, ko: (p) => `${p.m}` } });
  // @ts-expect-error the parameters are required
  expect(() => textsIn(catalog, 'en').counted()).toThrow();
});
