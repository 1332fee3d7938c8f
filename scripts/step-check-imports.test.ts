// A course platform calls a step check for every "Check" click: loading it must not load a Kafka client, a browser or a
// database driver that grading files does not need (a live grader imports what it reads lazily, with import()).
import { fileURLToPath } from 'node:url';
import { listLabs } from '@kafka-labs/lab-kit/catalog';
import { externalImports } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

const HEAVY = ['@confluentinc/kafka-javascript', 'kafkajs', 'playwright-core', 'pg', '@electric-sql/pglite', 'zx'];
const heavyIn = (file: string) => [...externalImports(file)].filter((name) => HEAVY.includes(name));

test('pnpm grade and hint load none of them at start-up', () => {
  for (const entry of ['./grade.ts', './hint.ts', './export.ts']) expect(heavyIn(fileURLToPath(new URL(entry, import.meta.url))), entry).toEqual([]);
});

test.each(listLabs().filter((lab) => lab.exercise && !lab.live).map((lab) => [lab.id, lab.graderScript]))('the step checks of %s load none of them', (_, grader) => {
  expect(heavyIn(grader)).toEqual([]);
});
