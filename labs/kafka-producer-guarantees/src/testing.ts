// What the tests of this track's labs share besides lab-kit's testing helpers: an edit of a one-record-per-batch dump.

/** Rewrites the record payloads of a one-record-per-batch dump, in log order. */
export const withPayloads = (payloads: readonly string[]) => (dump: string) => {
  let n = 0;
  return dump.replace(/^(\| offset: \d+ .*payload: )(\S+)$/gm, (_, head: string) => `${head}${payloads[n++]}`);
};
