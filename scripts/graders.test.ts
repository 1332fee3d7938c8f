import { listLabs } from '@kafka-labs/lab-kit/catalog';
import { externalImports, testHostileShapes } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

// A folder grader reads files: what it loads is the workspace's parsers and Node's own modules, never a Kafka
// client, a database or zx, so that a course platform's `pnpm grade` starts in a fraction of a second.
test.each(listLabs().filter((lab) => !lab.live).map((lab) => [lab.id, lab.graderScript]))('the grader of %s loads no package from outside the workspace', (_, grader) => {
  expect([...externalImports(grader)].filter((name) => !name.startsWith('node:'))).toEqual([]);
});

// Issue 27: a file of the wrong shape is a reason naming it, never a raw JavaScript error, in every folder grader.
for (const lab of listLabs().filter((lab) => !lab.live)) describe(`the grader of ${lab.id} on files of the wrong shape`, () => testHostileShapes(lab.id));
