import { API } from '../protocol/api-keys.ts';
import { ordinalList, type FaultModule } from './module.ts';

/** Drops exactly the responses to the Nth Produce requests; the requests still reach the broker. */
export const dropProduce: FaultModule<'dropProduce'> = {
  name: 'drop-produce',
  about: 'drops the response to the Nth Produce request(s), counted across the proxy from 1; the request still reaches the broker',
  settings: {
    dropProduce: {
      flag: '--drop-produce',
      arg: 'N[,N...]',
      about: 'drop the response to the Nth Produce request(s), counted across the proxy from 1; the request still reaches the broker',
      parse: ordinalList,
    },
  },
  describe: ({ dropProduce }) => (dropProduce?.length ? `drop-produce ${dropProduce.join(',')}` : null),
  create({ dropProduce }) {
    if (!dropProduce?.length) return null;
    const ordinals = new Set(dropProduce);
    return (request) => (request.header.apiKey === API.Produce && ordinals.has(request.ordinal) ? { kind: 'drop-response' } : null);
  },
};
