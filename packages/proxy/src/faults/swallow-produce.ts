import { API } from '../protocol/api-keys.ts';
import { ordinalList, type FaultModule } from './module.ts';

/** Swallows the Nth Produce requests: never forwarded, never answered; every request after them is forwarded. */
export const swallowProduce: FaultModule<'swallowProduce'> = {
  name: 'swallow-produce',
  about: 'swallows the Nth Produce request(s): never forwarded to the broker, never answered; the requests after them are forwarded',
  settings: {
    swallowProduce: {
      flag: '--swallow-produce',
      arg: 'N[,N...]',
      about: 'never forward and never answer the Nth Produce request(s) (counted as for --drop-produce); later requests go on',
      parse: ordinalList,
    },
  },
  describe: ({ swallowProduce }) => (swallowProduce?.length ? `swallow-produce ${swallowProduce.join(',')}` : null),
  create({ swallowProduce }) {
    if (!swallowProduce?.length) return null;
    const ordinals = new Set(swallowProduce);
    return (request) => (request.header.apiKey === API.Produce && ordinals.has(request.ordinal) ? { kind: 'swallow' } : null);
  },
};
