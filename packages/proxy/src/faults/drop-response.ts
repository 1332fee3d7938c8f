import { apiOrdinalList, faultModule } from './module.ts';

/** Drops exactly the responses to the Nth requests of any API (e.g. the 1st EndTxn); the requests reach the broker. */
export const dropResponse = faultModule({
  name: 'drop-response',
  about: 'drops the response to the Nth request of any API (EndTxn:1, OffsetCommit:2), counted per API across the proxy from 1; the request still reaches the broker',
  settings: {
    dropResponse: {
      flag: '--drop-response',
      arg: 'API:N[,API:N...]',
      about: 'drop the response to the Nth request of that API (e.g. EndTxn:1), counted per API across the proxy from 1; the request still reaches the broker',
      parse: apiOrdinalList,
    },
  },
  describe: ({ dropResponse }) => (dropResponse?.length ? `drop-response ${dropResponse.join(',')}` : null),
  create({ dropResponse }) {
    if (!dropResponse?.length) return null;
    const selected = new Set(dropResponse);
    return { onResponse: ({ request }) => (selected.has(`${request.header.apiName}:${request.ordinal}`) ? { kind: 'drop' } : null) };
  },
});
