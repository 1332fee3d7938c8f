import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { externalImports } from './import-graph.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

describe('what a command loads before it runs a lab', () => {
  test('the catalog (listing, grading, run folders) loads no Kafka client, zx or broker code', () => {
    const loaded = [...externalImports(here('./catalog.ts'))].filter((name) => !name.startsWith('node:'));
    expect(loaded).toEqual([]);
  });

  test('the whole kit does load them, so the walk sees through workspace packages', () => {
    expect([...externalImports(here('./index.ts'))]).toEqual(expect.arrayContaining(['kafkajs', 'zx']));
  });
});
