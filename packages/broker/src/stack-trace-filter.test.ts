import { describe, expect, test } from 'vitest';
import { withoutStackTraces } from './stack-trace-filter.ts';

/** What kafka-topics --bogus-flag writes to stderr (Kafka 4.3.1). */
const BOGUS_FLAG = `bogus-flag is not a recognized option
joptsimple.UnrecognizedOptionException: bogus-flag is not a recognized option
\tat joptsimple.OptionException.unrecognizedOption(OptionException.java:108)
\tat joptsimple.OptionParser.handleLongOptionToken(OptionParser.java:510)
\tat org.apache.kafka.tools.TopicCommand.main(TopicCommand.java:85)
Caused by: java.lang.IllegalStateException: inner
\t... 3 more

`;

function filtered(chunks: string[]): { text: string; dropped: boolean } {
  let text = '';
  const filter = withoutStackTraces({ write: (chunk) => (text += chunk.toString()) });
  chunks.forEach((chunk) => filter.write(Buffer.from(chunk)));
  return { dropped: filter.end(), text };
}

describe('withoutStackTraces', () => {
  test('keeps the tool\'s one-line error and leaves out the trace under it', () => {
    expect(filtered([BOGUS_FLAG])).toEqual({ text: 'bogus-flag is not a recognized option\n', dropped: true });
  });

  test('does so however the output is cut into chunks', () => {
    const chunks = BOGUS_FLAG.match(/[\s\S]{1,7}/g)!;
    expect(filtered(chunks)).toEqual({ text: 'bogus-flag is not a recognized option\n', dropped: true });
  });

  test('passes every other line on, a class-name line too when no frame follows it', () => {
    const text = 'Processed a total of 3 messages\norg.example.Thing: not a trace\nlast line without newline';
    expect(filtered([text])).toEqual({ text: `${text}\n`, dropped: false });
  });
});
