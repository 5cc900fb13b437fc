/**
 * A confirmation of a survey response by a signed-in person (decisions D77): its own partition, found by
 * its id; the person's list (the affiliation) is gsi1. Only the SHA-256 of the mailed code is kept. Its
 * own module (not in survey.ts, not in the transaction service) so the bundles that write surveys or
 * run transactions do not carry it.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';
export const SurveyConfirmationEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'surveyConfirmation', version: '1', service: 'tandem' },
        attributes: {
          /** `sc-` + 16 random URL-safe characters. */
          confirmationId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          surveyId: { type: 'string', required: true, readOnly: true },
          responseId: { type: 'string', required: true, readOnly: true },
          /** The account address the link went to. */
          email: { type: 'string', required: true },
          /** StoredConfirmationStatus: 'expired' is computed from expiresAt, never stored. */
          status: { type: ['pending', 'confirmed'] as const, required: true },
          codeHash: { type: 'string', required: true },
          sentAt: { type: 'string', required: true },
          expiresAt: { type: 'string', required: true },
          confirmedAt: { type: 'string' },
          sendCount: { type: 'number', required: true, default: 1 },
          createdAt: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['confirmationId'], template: 'SCONF#${confirmationId}' },
            sk: { field: 'sk', composite: [], template: 'SCONF' },
          },
          byUser: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['userId'], template: 'USCONF#${userId}' },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'confirmationId'],
              template: '${createdAt}#${confirmationId}',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
