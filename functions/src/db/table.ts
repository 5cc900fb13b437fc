/**
 * The single table (ARCHITECTURE §6). Infra creates it from this definition and the local stack
 * creates DynamoDB Local's table from the same one, so the two cannot drift.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic indexes; ElectroDB entities map their access patterns onto them (docs/data-model.md). */
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // Sparse: only items that carry its keys (a person's Delegated tab, decisions D28).
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    // Sparse: placements whose task the daily normalisation may have to move (decisions D34).
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
  /** Epoch seconds; items with it in the past are removed by DynamoDB (connections, one-time codes). */
  ttlAttribute: 'ttl',
  /** Every change with its before and after, for the stream consumer (docs/realtime.md). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/**
 * The sort key of every task item (db/entities/task.ts: ElectroDB writes its key templates in lower
 * case). The table's stream consumer is given the records of these items only (docs/realtime.md).
 */
export const TASK_SORT_KEY = 'task';

/** The sort keys of chat messages begin so (db/entities/chat.ts, lower case as ElectroDB writes them). */
export const MESSAGE_SORT_KEY_PREFIX = 'msg#';
/** The start of every notification item's sort key (db/entities/notification.ts); its inserts are streamed too. */
export const NOTIFICATION_SORT_PREFIX = 'notif#';

/** The start of a waiting push's sort key (db/entities/push-subscription.ts PushOutboxEntity); streamed to be sent. */
export const PUSH_OUTBOX_SORT_PREFIX = 'pushout#';

/** CreateTable input for the definition, used by the local stack and tests. */
export function createTableInput(tableName: string) {
  const attrs = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const g of tableDefinition.globalIndexes) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType },
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((g) => ({
      IndexName: g.name,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
