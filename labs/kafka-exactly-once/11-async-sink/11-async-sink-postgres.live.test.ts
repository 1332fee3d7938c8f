import { labIdOf } from '@kafka-labs/lab-kit/testing';
import { testRunOnPostgres } from '@kafka-labs/kafka-exactly-once/postgres-run';

testRunOnPostgres(labIdOf(import.meta.url), 2);
