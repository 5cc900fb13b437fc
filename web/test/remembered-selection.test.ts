import { describe, expect, it } from 'vitest';
import { rememberedSelection, rememberSelection } from '../src/features/today/utils/remembered-selection.ts';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

describe("Today's remembered selection", () => {
  it('gives back the selection kept', () => {
    const s = memory();
    expect(rememberedSelection(s)).toBeNull();
    rememberSelection({ groups: ['g1', 'g2'], levels: [3] }, s);
    expect(rememberedSelection(s)).toEqual({ groups: ['g1', 'g2'], levels: [3] });
  });

  it('reads nothing from a value it did not write', () => {
    const s = memory();
    for (const bad of ['{', '[]', '{"groups":"g1","levels":[]}', '{"groups":[],"levels":["3"]}', '7']) {
      s.setItem('tandem.today.selection', bad);
      expect(rememberedSelection(s), bad).toBeNull();
    }
  });

  it('loses only the guess when the storage refuses', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberSelection({ groups: [], levels: [] }, full)).not.toThrow();
  });
});
