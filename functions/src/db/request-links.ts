/**
 * Request links (spec 002 §3; decisions D68): the link's configuration in its own partition (the
 * public page reads it by id, one GetItem) and in its owner's partition of gsi1 (the owner's list,
 * one Query); and the requests it took, each beside the task it made (the portal's detail, one
 * GetItem) and in the owner's partition of gsi1, newest first (the portal's list, one Query).
 */
/// <reference path="./electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../lib/env.ts';
import { documentClient } from './client.ts';
import { lazyEntity } from './lazy-entity.ts';

export const RequestLinkEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'requestLink', version: '1', service: 'tandem' },
        attributes: {
          linkId: { type: 'string', required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          companyName: { type: 'string', required: true },
          welcomeMessage: { type: 'string', required: true, default: '' },
          partnerProgramId: { type: 'string' },
          /** The logo's object key (under request-links/), when there is one. */
          logoKey: { type: 'string' },
          logoType: { type: 'string' },
          /** brandingConfig, requestConfig, confirmationConfig and legalConfig, as checked. */
          config: { type: 'any', required: true },
          /** id, email, role of each assignee. */
          assignees: { type: 'any', required: true },
          /** The group its tasks go to: the owner's Private group when made. */
          groupId: { type: 'string', required: true },
          isActive: { type: 'boolean', required: true, default: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['linkId'], template: 'RLINK#${linkId}' },
            sk: { field: 'sk', composite: [], template: 'RLINK' },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['ownerId'], template: 'USRRLINK#${ownerId}' },
            sk: { field: 'gsi1sk', composite: ['createdAt', 'linkId'], template: 'L#${createdAt}#${linkId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const RequestRecordEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'requestRecord', version: '1', service: 'tandem' },
        attributes: {
          taskId: { type: 'string', required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          linkId: { type: 'string', required: true, readOnly: true },
          companyName: { type: 'string', required: true },
          title: { type: 'string', required: true },
          requesterName: { type: 'string', required: true },
          requesterEmail: { type: 'string', required: true },
          requestType: { type: 'string', required: true },
          description: { type: 'string', required: true },
          urgency: { type: 'string' },
          dueDate: { type: 'string' },
          scheduledTime: { type: 'string' },
          duration: { type: 'number' },
          voiceKey: { type: 'string' },
          voiceType: { type: 'string' },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
        },
        indexes: {
          byTask: {
            pk: { field: 'pk', composite: ['taskId'], template: 'RLREQ#${taskId}' },
            sk: { field: 'sk', composite: [], template: 'RLREQ' },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['ownerId'], template: 'USRRLREQ#${ownerId}' },
            sk: { field: 'gsi1sk', composite: ['createdAt', 'taskId'], template: 'R#${createdAt}#${taskId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * The public form's ticket (core/request-links/abuse.ts): written when the form opens, spent (removed)
 * by the request it lets through; expires after a day (TTL).
 */
export const FormTicketEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'requestFormTicket', version: '1', service: 'tandem' },
        attributes: {
          token: { type: 'string', required: true, readOnly: true },
          linkId: { type: 'string', required: true, readOnly: true },
          issuedAt: { type: 'number', required: true, readOnly: true },
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byToken: {
            pk: { field: 'pk', composite: ['token'], template: 'RLFORM#${token}' },
            sk: { field: 'sk', composite: [], template: 'RLFORM' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/** A one-minute window's count of requests from one address or to one link; expires after two minutes. */
export const RateWindowEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'requestRateWindow', version: '1', service: 'tandem' },
        attributes: {
          key: { type: 'string', required: true, readOnly: true },
          minute: { type: 'number', required: true, readOnly: true },
          count: { type: 'number' },
          ttl: { type: 'number' },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['key'], template: 'RLRATE#${key}' },
            sk: { field: 'sk', composite: ['minute'], template: 'm#${minute}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
