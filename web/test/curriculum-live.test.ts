import { ATTACHMENT_EVENT_TYPE, isAttachmentEvent } from '@tandem/shared/api/realtime';
import { describe, expect, it } from 'vitest';
import { attachmentsKey } from '../src/features/attachments/api/attachments.ts';
import { staleAfter } from '../src/lib/revalidate.ts';

describe("a curriculum's attachments live (D83)", () => {
  it('the event the consumer sends for a curriculum is an attachment event, and reads its lists again', () => {
    // As functions/src/streams/curriculum-attachment-events.ts sends it.
    const event = {
      type: ATTACHMENT_EVENT_TYPE,
      id: 'e1',
      task_id: 'curriculum:c1',
      curriculum_id: 'c1',
      at: '2026-11-26T00:00:00.000Z',
    };
    expect(isAttachmentEvent(event)).toBe(true);
    // live-updates.tsx answers an attachment event with revalidateAfter('attachment').
    const stale = staleAfter('attachment');
    expect(stale(attachmentsKey({ curriculum: 'c1' }, 'file'))).toBe(true);
    expect(stale(attachmentsKey({ curriculum: 'c1' }, 'video'))).toBe(true);
    expect(attachmentsKey({ curriculum: 'c1' }, 'file')[1]).toBe(event.task_id);
  });
});
