/**
 * What the live consumer's modules share (docs/realtime.md): a stream record read as the change of
 * one kind of item, and the shape of what a module answers for a batch.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { RealtimeMessage } from '../core/ws/connections.ts';

type Image = Record<string, AttributeValue>;

/** ElectroDB marks each item with its entity's name. */
const ENTITY_ATTRIBUTE = '__edb_e__';

/** The stored item of an image (the attributes as ElectroDB wrote them), if it is of this entity. */
function itemOf<T>(image: Image | undefined, entity: string): T | undefined {
  if (!image) return undefined;
  const item = unmarshall(image as Parameters<typeof unmarshall>[0]);
  return item[ENTITY_ATTRIBUTE] === entity ? (item as T) : undefined;
}

/** A stream record of one item, its images unmarshalled. */
export interface ItemChange<T> {
  /** The stream record's id: the same on every delivery of the record, so its events' ids. */
  eventId: string;
  /** Where the record sits in its shard; how a failure is reported (batch item failures). */
  sequenceNumber: string;
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** When the change was written (epoch seconds, the record's approximate time). */
  writtenAt?: number;
  before?: T;
  after?: T;
}

/** The record as a change of an item of `entity`, or null when it is another kind of item. */
export function changeOf<T>(record: DynamoDBRecord, entity: string): ItemChange<T> | null {
  const d = record.dynamodb;
  if (!d || !record.eventName) return null;
  const before = itemOf<T>(d.OldImage as Image | undefined, entity);
  const after = itemOf<T>(d.NewImage as Image | undefined, entity);
  if (!before && !after) return null;
  return {
    eventId: record.eventID ?? `${d.SequenceNumber}`,
    sequenceNumber: d.SequenceNumber ?? '',
    kind: record.eventName,
    writtenAt: d.ApproximateCreationDateTime,
    before,
    after,
  };
}

/** When a change was written, as events say it (ISO 8601, UTC). */
export const writtenAt = (c: { writtenAt?: number }) =>
  c.writtenAt ? new Date(c.writtenAt * 1000).toISOString() : new Date().toISOString();

/** A message for some people, from one record of the batch. */
export interface Outgoing {
  /** The record's place in the batch: messages go out in stream order. */
  index: number;
  sequenceNumber: string;
  message: RealtimeMessage;
  /** Ids of the users who must hear it (their open sockets are looked up once for the batch). */
  audience: string[];
}

/** A module of the consumer: what a batch means for its kind of item (other records it passes over). */
export type LiveModule = (records: readonly DynamoDBRecord[]) => Promise<Outgoing[]>;
