export * from './partitions.ts';
