import { ATTACHMENT_MESSAGES } from '@tandem/shared/attachments/rules';
import type { LimitsView } from '@tandem/shared/groups/views';
import { describe, expect, it } from 'vitest';
import {
  exceedsRemainingStorage,
  fitsOneFile,
  formatSize,
  linkErrors,
  reorder,
} from '../src/features/attachments/utils/files.ts';

describe('attachments tab helpers', () => {
  it('shows sizes as people read them', () => {
    expect(formatSize(29)).toBe('29 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(300 * 1024)).toBe('300 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
  it('takes a file of 20 MB, not one byte more, and not an empty one', () => {
    expect(fitsOneFile({ size: 20 * 1024 * 1024 })).toBe(true);
    expect(fitsOneFile({ size: 20 * 1024 * 1024 + 1 })).toBe(false);
    expect(fitsOneFile({ size: 0 })).toBe(false);
  });
  it('numbers the list again after a drag', () => {
    const list = ['a', 'b', 'c'].map((id, order) => ({ id, order }));
    expect(reorder(list, 0, 2)).toEqual([
      { id: 'b', order: 0 },
      { id: 'c', order: 1 },
      { id: 'a', order: 2 },
    ]);
  });
  it("gives the video link dialog the spec's messages", () => {
    expect(linkErrors('', '')).toEqual({
      title: ATTACHMENT_MESSAGES.titleRequired,
      url: ATTACHMENT_MESSAGES.urlRequired,
    });
    expect(linkErrors('Intro', 'youtube')).toEqual({ url: ATTACHMENT_MESSAGES.urlInvalid });
    expect(linkErrors('Intro', 'https://vimeo.com/76979871')).toEqual({});
  });
  it('refuses a drop that would pass the storage left, and leaves an unknown answer to the server', () => {
    const view: Pick<LimitsView, 'results'> = {
      results: [
        {
          event: 'storage',
          title: 'Storage (MB)',
          limit: 100,
          currentStorage: 99,
          package: 'free_license',
          hasAccess: true,
          status: 'ok',
        },
      ],
    };
    expect(exceedsRemainingStorage(view, 1024 * 1024)).toBe(false);
    expect(exceedsRemainingStorage(view, 1024 * 1024 + 1)).toBe(true);
    expect(exceedsRemainingStorage(undefined, 10 ** 12)).toBe(false);
  });
});
