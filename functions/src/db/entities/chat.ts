/**
 * Chat per task (decisions D38, docs/data-model.md "Chat"). A task's chat has the task's id: there is
 * no chat item to create, the task is the chat's record (title, viewers). Items:
 * - a message: pk CHAT#<chatId> / sk MSG#<messageId>; message ids sort by time (shared newMessageId),
 *   so a chat's messages page back in time with one Query, newest first, from a cursor;
 * - a person's chat entry: pk USER#<userId> / sk CHATIDX#<chatId> with the last message's time and
 *   author, written by the stream consumer for every viewer; on gsi1 (UCHATS#<userId>, by last message
 *   time) "my chats with a message since T" is one Query;
 * - a person's read mark: pk USER#<userId> / sk CHATREAD#<chatId>, written by the person only (so the
 *   consumer's writes never race with it);
 * - a person's flood counter: pk USER#<userId> / sk CHATFLOOD#<window>, one conditional UpdateItem a
 *   message, gone by TTL.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const MessageEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'message', version: '1', service: 'tandem' },
        attributes: {
          chatId: { type: 'string', required: true, readOnly: true },
          messageId: { type: 'string', required: true, readOnly: true },
          authorId: { type: 'string', required: true, readOnly: true },
          authorName: { type: 'string', required: true, default: '' },
          /** The author's avatar id when they wrote it; reads show their current one (core/chat/views.ts; D48). */
          authorAvatarId: { type: 'string' },
          /** Empty once deleted. */
          text: { type: 'string', required: true, default: '' },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string' },
          deletedAt: { type: 'string' },
        },
        indexes: {
          byChat: {
            pk: { field: 'pk', composite: ['chatId'], template: 'CHAT#${chatId}' },
            sk: { field: 'sk', composite: ['messageId'], template: 'MSG#${messageId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const ChatEntryEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'chatEntry', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          chatId: { type: 'string', required: true, readOnly: true },
          lastMessageAt: { type: 'string', required: true },
          lastAuthorId: { type: 'string', required: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['chatId'], template: 'CHATIDX#${chatId}' },
          },
          byRecent: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['userId'], template: 'UCHATS#${userId}' },
            sk: {
              field: 'gsi1sk',
              composite: ['lastMessageAt', 'chatId'],
              template: '${lastMessageAt}#${chatId}',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const ChatReadEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'chatRead', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          chatId: { type: 'string', required: true, readOnly: true },
          readAt: { type: 'string', required: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['chatId'], template: 'CHATREAD#${chatId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const ChatFloodEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'chatFlood', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          /** The window's number: epoch seconds divided by the window's length. */
          window: { type: 'number', required: true, readOnly: true },
          count: { type: 'number' },
          /** Epoch seconds (the table's TTL attribute). */
          ttl: { type: 'number' },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['window'], template: 'CHATFLOOD#${window}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
