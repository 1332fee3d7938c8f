import { produceOrdinalModule } from './module.ts';

/** Drops exactly the responses to the Nth Produce requests; the requests still reach the broker. */
export const dropProduce = produceOrdinalModule({
  name: 'drop-produce',
  about: 'drops the response to the Nth Produce request(s), counted across the proxy from 1; the request still reaches the broker',
  field: 'dropProduce',
  flagAbout: 'drop the response to the Nth Produce request(s), counted across the proxy from 1; the request still reaches the broker',
  decision: { kind: 'drop-response' },
});
