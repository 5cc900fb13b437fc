import { describe, expect, it } from 'vitest';
import {
  AVATAR_OUTPUT_PX,
  cropRect,
  drag,
  initialView,
  MAX_ZOOM,
  outputSize,
  settle,
} from '../src/features/settings/utils/avatar-crop.ts';

describe('avatar crop', () => {
  it('opens on the largest centred square of a wide and of a tall image', () => {
    expect(cropRect(800, 600, initialView(800, 600))).toEqual({ x: 100, y: 0, size: 600 });
    expect(cropRect(300, 900, initialView(300, 900))).toEqual({ x: 0, y: 300, size: 300 });
  });

  it('zooming cuts a smaller square around the same centre, never past the largest zoom', () => {
    expect(cropRect(800, 600, { cx: 400, cy: 300, zoom: 2 })).toEqual({ x: 250, y: 150, size: 300 });
    expect(cropRect(800, 600, { cx: 400, cy: 300, zoom: 99 }).size).toBe(600 / MAX_ZOOM);
    expect(cropRect(800, 600, { cx: 400, cy: 300, zoom: 0.1 }).size).toBe(600);
  });

  it('keeps the square inside the picture however far it is dragged', () => {
    const v = initialView(800, 600);
    // Dragging the picture right shows more of its left side, up to its edge.
    expect(cropRect(800, 600, drag(800, 600, v, 50, 0, 300))).toEqual({ x: 0, y: 0, size: 600 });
    expect(cropRect(800, 600, drag(800, 600, v, -10_000, -10_000, 300))).toEqual({
      x: 200,
      y: 0,
      size: 600,
    });
    // At zoom 2 a 300 px frame shows 300 image px, so 30 frame px are 30 image px.
    const zoomed = { cx: 400, cy: 300, zoom: 2 };
    expect(cropRect(800, 600, drag(800, 600, zoomed, 30, -20, 300))).toEqual({ x: 220, y: 170, size: 300 });
    expect(settle(800, 600, { cx: -5, cy: 9_999, zoom: 2 })).toEqual({ cx: 150, cy: 450, zoom: 2 });
  });

  it('uploads a 256 px square, whatever the size of the cut', () => {
    expect(AVATAR_OUTPUT_PX).toBe(256);
    expect(outputSize({ x: 0, y: 0, size: 2000 })).toBe(256);
    expect(outputSize({ x: 0, y: 0, size: 120.4 })).toBe(256);
  });
});
