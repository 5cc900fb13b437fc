/**
 * One item per user: profile, settings (user config) and subscription together, because every
 * authenticated call needs the subscription status and most read settings; one GetItem serves both.
 * Access patterns (docs/data-model.md): by id (pk USER#id / sk PROFILE); by e-mail (gsi1, for
 * invitations to people who already have an account).
 */
import { Entity } from 'electrodb';
import { documentClient } from '../client.ts';
import { env } from '../../lib/env.ts';

export const UserEntity = new Entity(
  {
    model: { entity: 'user', version: '1', service: 'tandem' },
    attributes: {
      userId: { type: 'string', required: true, readOnly: true },
      email: { type: 'string' },
      firstName: { type: 'string', default: '' },
      lastName: { type: 'string', default: '' },
      typeId: { type: 'string', default: 'individual' },
      /** UserConfig from @tandem/shared, validated by its zod schema before every write. */
      config: { type: 'any', required: true },
      /** Subscription from @tandem/shared. */
      subscription: { type: 'any', required: true },
      version: { type: 'number', required: true, default: 1 },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
        sk: { field: 'sk', composite: [], template: 'PROFILE' },
      },
      byEmail: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['email'], template: 'EMAIL#${email}' },
        sk: { field: 'gsi1sk', composite: [], template: 'USER' },
      },
    },
  },
  { table: env.tableName, client: documentClient },
);
