/**
 * Entities are built on first use (db/lazy-entity.ts, docs/decisions.md D78): nothing is built when a
 * module loads, an entity is built once, and what ElectroDB makes of it — keys, parameters, write
 * transactions, the model check — is what it makes of the same entity built at once.
 */
/// <reference path="../../src/db/electrodb-modules.d.ts" />

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb/src/entity.js';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { describe, expect, it } from 'vitest';
import { lazyEntity } from '../../src/db/lazy-entity.ts';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const make = () =>
  new Entity(
    {
      model: { entity: 'note', version: '1', service: 'tandem' },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        noteId: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        tags: { type: 'list', items: { type: 'string' }, default: [] },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
          sk: { field: 'sk', composite: ['noteId'], template: 'NOTE#${noteId}' },
        },
      },
    },
    { table: 'unit-test', client },
  );

/** A write transaction's parameters: what goes to DynamoDB (each item also carries a function of ElectroDB's own). */
const write = (entities: { note: ReturnType<typeof make> }) =>
  JSON.stringify(
    createWriteTransaction(entities, ({ note }) => [
      note.put({ userId: 'u1', noteId: 'n1', title: 'A' }).commit(),
      note.patch({ userId: 'u1', noteId: 'n2' }).set({ title: 'B' }).commit({ response: 'all_old' }),
    ]).params(),
  );

describe('lazyEntity', () => {
  it('builds nothing until the entity is used, then builds it once', () => {
    let builds = 0;
    const note = lazyEntity(() => {
      builds += 1;
      return make();
    });
    expect(builds).toBe(0);
    const services = { note };
    expect(builds).toBe(0);
    expect(services.note.schema.model.entity).toBe('note');
    note.get({ userId: 'u1', noteId: 'n1' }).params();
    expect(builds).toBe(1);
  });

  it('answers exactly as the entity built at once: keys, parameters, its prototype and own keys', () => {
    const lazy = lazyEntity(make);
    const eager = make();
    const item = { userId: 'u1', noteId: 'n1', title: 'Buy milk' };
    expect(lazy.put(item).params()).toEqual(eager.put(item).params());
    expect(lazy.get({ userId: 'u1', noteId: 'n1' }).params()).toEqual(
      eager.get({ userId: 'u1', noteId: 'n1' }).params(),
    );
    expect(lazy.patch({ userId: 'u1', noteId: 'n1' }).set({ title: 'Oat milk' }).params()).toEqual(
      eager.patch({ userId: 'u1', noteId: 'n1' }).set({ title: 'Oat milk' }).params(),
    );
    expect(lazy.query.byUser({ userId: 'u1' }).params()).toEqual(
      eager.query.byUser({ userId: 'u1' }).params(),
    );
    expect(lazy instanceof Entity).toBe(true);
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(eager).sort());
    expect('query' in lazy && 'schema' in lazy).toBe(true);
    // A refused item is refused the same way.
    expect(() => lazy.put({ userId: 'u1', noteId: 'n1' } as typeof item).params()).toThrow(/title/);
  });

  it('writes the same transaction as the entities built at once', () => {
    const lazy = write({ note: lazyEntity(make) });
    expect(lazy).toBe(write({ note: make() }));
    expect(JSON.parse(lazy).TransactItems).toHaveLength(2);
  });
});

describe('the table entities', () => {
  it('are all built on first use, not when their module loads', () => {
    const src = join(import.meta.dirname, '../../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
    const eager = files.filter((f) => {
      const text = readFileSync(join(src, f), 'utf8');
      return count(text, /new Entity\(/g) !== count(text, /lazyEntity\(\s*\(\)\s*=>\s*new Entity\(/g);
    });
    expect(eager).toEqual([]);
    const lazy = files.filter((f) =>
      /lazyEntity\(\s*\(\)\s*=>\s*new Entity\(/.test(readFileSync(join(src, f), 'utf8')),
    );
    expect(lazy.length).toBeGreaterThan(30);
  });
});
