import { ProxyError } from '../errors.ts';
import { API } from '../protocol/api-keys.ts';
import { errorName, ERROR_CODES, parseErrorCode } from '../protocol/error-codes.ts';
import { encodeProduceResponse, produceErrorResponse } from '../protocol/produce-response.ts';
import { faultModule, ordinalList, topicPartition, type InterceptedRequest, type RequestDecision } from './module.ts';

const DEFAULT_CODE = ERROR_CODES.NOT_LEADER_OR_FOLLOWER![0];

/**
 * Answers selected Produce requests itself, with an error code for every partition they carry, instead of forwarding
 * them: the broker never sees them. Selected: the Nth Produce requests, those carrying one topic-partition, or both.
 */
export const failProduce = faultModule({
  name: 'fail-produce',
  about: 'answers the Nth Produce request(s), or every Produce request carrying a topic-partition, with an error code instead of forwarding it',
  settings: {
    failProduce: {
      flag: '--fail-produce',
      arg: 'N[,N...]',
      about: 'answer the Nth Produce request(s) (counted as for --drop-produce) with --fail-code instead of forwarding them',
      parse: ordinalList,
    },
    failPartition: {
      flag: '--fail-partition',
      arg: 'TOPIC:P',
      about: 'answer every Produce request carrying this partition with --fail-code (with --fail-produce: only those of the Nth)',
      parse: topicPartition,
    },
    failCode: {
      flag: '--fail-code',
      arg: 'NAME|CODE',
      about: `the error code to answer with (default NOT_LEADER_OR_FOLLOWER, ${DEFAULT_CODE}); names as in Kafka's Errors`,
      parse: parseErrorCode,
    },
  },
  check({ failProduce, failPartition, failCode }) {
    if (failCode !== undefined && !failProduce?.length && failPartition === undefined) {
      throw new ProxyError('faults', 'failCode (--fail-code) needs failProduce or failPartition (--fail-produce, --fail-partition)');
    }
  },
  describe({ failProduce, failPartition, failCode = DEFAULT_CODE }) {
    if (!failProduce?.length && failPartition === undefined) return null;
    const which = [failProduce?.length && `Produce ${failProduce.join(',')}`, failPartition && `to ${failPartition}`];
    return `fail-produce ${which.filter(Boolean).join(' ')} with ${errorName(failCode)}`;
  },
  create({ failProduce, failPartition, failCode = DEFAULT_CODE }) {
    if (!failProduce?.length && failPartition === undefined) return null;
    const ordinals = failProduce?.length ? new Set(failProduce) : null;
    const onRequest = (request: InterceptedRequest): RequestDecision | null => {
      const produce = request.produce;
      if (!produce || request.header.apiKey !== API.Produce || (ordinals && !ordinals.has(request.ordinal))) return null;
      if (failPartition !== undefined && !carries(produce.topicData, failPartition)) return null;
      const response = produceErrorResponse(produce, request.header.correlationId, failCode);
      return { kind: 'respond', response: encodeProduceResponse(response, request.header.apiVersion), errorCode: failCode };
    };
    return { onRequest };
  },
});

function carries(topics: { name: string | null; partitionData: { index: number }[] }[], wanted: string): boolean {
  return topics.some((t) => t.partitionData.some((p) => `${t.name}:${p.index}` === wanted));
}
