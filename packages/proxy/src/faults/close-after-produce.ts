import { API } from '../protocol/api-keys.ts';
import { faultModule, integer } from './module.ts';

/** Closes the client connection right after forwarding the Nth Produce request. */
export const closeAfterProduce = faultModule({
  name: 'close-after-produce',
  about: 'closes the client connection right after forwarding the Nth Produce request; the broker side stays open until the requests already sent are answered',
  settings: {
    closeAfterProduce: {
      flag: '--close-after-produce',
      arg: 'N',
      about: 'close the client connection right after forwarding the Nth Produce request (counted as for --drop-produce)',
      parse: (value, field) => integer(value, field, 1),
    },
  },
  describe: ({ closeAfterProduce }) => (closeAfterProduce === undefined ? null : `close-after-produce ${closeAfterProduce}`),
  create({ closeAfterProduce }) {
    if (closeAfterProduce === undefined) return null;
    return {
      onRequest: (request) =>
        request.header.apiKey === API.Produce && request.ordinal === closeAfterProduce ? { kind: 'close-after' } : null,
    };
  },
});
