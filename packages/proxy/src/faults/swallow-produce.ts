import { produceOrdinalModule } from './module.ts';

/** Swallows the Nth Produce requests: never forwarded, never answered; every request after them is forwarded. */
export const swallowProduce = produceOrdinalModule({
  name: 'swallow-produce',
  about: 'swallows the Nth Produce request(s): never forwarded to the broker, never answered; the requests after them are forwarded',
  field: 'swallowProduce',
  flagAbout: 'never forward and never answer the Nth Produce request(s) (counted as for --drop-produce); later requests go on',
  decision: { kind: 'swallow' },
});
