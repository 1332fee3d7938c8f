import { ProxyError } from '../errors.ts';
import { faultModule, integer, MAX_TIMER_MS } from './module.ts';

/** Holds each request of at least `delayMinBytes` bytes for `delayMs` ms: a slow link for large requests. */
export const delay = faultModule({
  name: 'delay',
  about: 'holds each request of at least N bytes (size prefix included) for M ms; later requests on its connection wait behind it',
  settings: {
    delayMinBytes: {
      flag: '--delay-min-bytes',
      arg: 'N',
      about: 'delay forwarding each request of at least N bytes (with --delay-ms); later requests on its connection wait behind it',
      parse: (value, field) => integer(value, field, 0),
    },
    delayMs: {
      flag: '--delay-ms',
      arg: 'M',
      about: 'the delay in milliseconds (with --delay-min-bytes)',
      parse: (value, field) => integer(value, field, 0, MAX_TIMER_MS),
    },
  },
  check(faults) {
    if ((faults.delayMinBytes === undefined) !== (faults.delayMs === undefined)) {
      throw new ProxyError('faults', 'delayMinBytes and delayMs (--delay-min-bytes, --delay-ms) go together: give both or neither');
    }
  },
  describe: (faults) => (faults.delayMinBytes === undefined ? null : `delay >= ${faults.delayMinBytes} B by ${faults.delayMs} ms`),
  create({ delayMinBytes, delayMs }) {
    if (delayMinBytes === undefined || delayMs === undefined) return null;
    return { onRequest: (request) => (request.frame.length >= delayMinBytes ? { kind: 'delay', ms: delayMs } : null) };
  },
});
