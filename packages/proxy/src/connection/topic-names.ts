import { decodeMetadataTopics } from '../protocol/metadata-response.ts';
import type { ProduceRequest } from '../protocol/produce-request.ts';

/**
 * Topic names by topic id, learned from the Metadata responses the proxy forwards: Produce v13+ names topics by id
 * only, and events and fault modules want names.
 */
export class TopicNames {
  private readonly names = new Map<string, string>();

  /** Learns the names a Metadata response carries; one this decoder cannot read teaches nothing. */
  learn(metadataResponse: Buffer, version: number): void {
    try {
      for (const { name, topicId } of decodeMetadataTopics(metadataResponse, version)) if (name !== null) this.names.set(topicId, name);
    } catch {
      // The names only label events and select partitions; the response still goes to the client unchanged.
    }
  }

  /** Fills in the names of the topics a Produce request names by id (null when not learned yet). */
  name(produce: ProduceRequest): void {
    for (const topic of produce.topicData) if (topic.topicId !== null) topic.name = this.names.get(topic.topicId) ?? null;
  }
}
