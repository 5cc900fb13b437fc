/**
 * The one walk the backfills share (never on a request path): every page of a Scan of one entity's
 * items that match `filter`, handed to `each`, which answers how many items it wrote.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../client.ts';

export async function scanEntityPages(
  tableName: string,
  entity: string,
  filter: { expression: string; values?: Record<string, unknown> },
  each: (items: Record<string, unknown>[]) => Promise<number>,
): Promise<number> {
  let written = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: `#e = :entity AND (${filter.expression})`,
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':entity': entity, ...filter.values },
        ExclusiveStartKey: start,
      }),
    );
    written += await each(page.Items ?? []);
    start = page.LastEvaluatedKey;
  } while (start);
  return written;
}
