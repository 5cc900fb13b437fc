/**
 * Surveys and their responses (spec 002 §3 "Survey"; decisions D69; docs/data-model.md "Surveys").
 * A survey lives in its own partition, found by its public code; its owner's list is gsi1. Its
 * responses share its partition (one Query reads them all, bounded by SURVEY_LIMITS.maxResponses).
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { StoredAnswer, SurveyQuestion } from '@tandem/shared/surveys/surveys';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const SurveyEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'survey', version: '1', service: 'tandem' },
        attributes: {
          /** The public code, `sv-…` (shared/src/surveys/surveys.ts). */
          surveyId: { type: 'string', required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          intro: { type: 'string', required: true, default: '' },
          confirmation: { type: 'string', required: true, default: '' },
          /** SurveyKind (decisions D77); surveys made before it read as 'general'. */
          kind: { type: ['general', 'business-plan'] as const, default: 'general' },
          /** SurveyQuestion[] */
          questions: { type: CustomAttributeType<SurveyQuestion[]>('any'), required: true },
          responseCount: { type: 'number', required: true, default: 0 },
          createdAt: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}' },
            sk: { field: 'sk', composite: [], template: 'SURVEY' },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['ownerId'], template: 'USURVEYS#${ownerId}' },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'surveyId'],
              template: '${createdAt}#${surveyId}',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const SurveyResponseEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'surveyResponse', version: '1', service: 'tandem' },
        attributes: {
          surveyId: { type: 'string', required: true, readOnly: true },
          /** Sorts by time (newest last): the submission's ISO time and a random tail. */
          responseId: { type: 'string', required: true, readOnly: true },
          /** The SHA-256 (base64url) of the access token's secret; the token itself is never stored. */
          tokenHash: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true, default: '' },
          email: { type: 'string', required: true, default: '' },
          /** StoredAnswer[] */
          answers: { type: CustomAttributeType<StoredAnswer[]>('any'), required: true },
          submittedAt: { type: 'string', required: true, readOnly: true },
          /** The confirmation asked for these answers (decisions D77): at most one. */
          confirmationId: { type: 'string' },
        },
        indexes: {
          bySurvey: {
            pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}' },
            sk: { field: 'sk', composite: ['responseId'], template: 'RESP#${responseId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
