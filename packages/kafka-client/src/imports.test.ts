import { fileURLToPath } from 'node:url';
import { externalImports } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

const loaded = (file: string) => [...externalImports(fileURLToPath(new URL(file, import.meta.url)))].filter((name) => !name.startsWith('node:'));

describe('what the log grammars load', () => {
  test.each(['./worker-log.ts', './txn-log.ts', './producer-log.ts'])('%s loads no Kafka client', (entry) => {
    expect(loaded(entry)).toEqual([]);
  });

  test('the package root does load librdkafka, so the walk sees the clients', () => {
    expect(loaded('./index.ts')).toContain('@confluentinc/kafka-javascript');
    expect(loaded('./kafkajs.ts')).toContain('kafkajs');
  });
});
