/**
 * The square an avatar is cut from: a picked image is shown in a square frame, zoomed (1 = the
 * whole shorter side) and moved by dragging; the square under the frame is what is uploaded.
 * Pure geometry, so the rules are tested without a browser.
 */

import { AVATAR_PX } from '@tandem/shared/user/config';

/** The uploaded square's side: the server takes nothing larger (decisions D48). */
export const AVATAR_OUTPUT_PX = AVATAR_PX;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

export interface CropView {
  /** Centre of the square in image pixels. */
  cx: number;
  cy: number;
  zoom: number;
}

export interface CropRect {
  x: number;
  y: number;
  size: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The largest centred square, the view an image opens with. */
export const initialView = (width: number, height: number): CropView => ({
  cx: width / 2,
  cy: height / 2,
  zoom: MIN_ZOOM,
});

/** The square in image pixels for a view, kept inside the image whatever the view asks. */
export function cropRect(width: number, height: number, view: CropView): CropRect {
  const zoom = clamp(view.zoom, MIN_ZOOM, MAX_ZOOM);
  const size = Math.min(width, height) / zoom;
  const x = clamp(view.cx - size / 2, 0, width - size);
  const y = clamp(view.cy - size / 2, 0, height - size);
  return { x, y, size };
}

/** The view after a change, with its centre where the kept-inside square puts it. */
export function settle(width: number, height: number, view: CropView): CropView {
  const r = cropRect(width, height, view);
  return { cx: r.x + r.size / 2, cy: r.y + r.size / 2, zoom: clamp(view.zoom, MIN_ZOOM, MAX_ZOOM) };
}

/**
 * Dragging the picture by (dx, dy) frame pixels in a frame `framePx` wide moves the square the
 * other way, by the same distance in image pixels at this zoom.
 */
export function drag(
  width: number,
  height: number,
  view: CropView,
  dx: number,
  dy: number,
  framePx: number,
): CropView {
  const { size } = cropRect(width, height, view);
  const scale = size / framePx;
  return settle(width, height, { ...view, cx: view.cx - dx * scale, cy: view.cy - dy * scale });
}

/**
 * The side of the uploaded square: always AVATAR_OUTPUT_PX, the cut scaled down (or up, when it is
 * smaller) to it, so every stored avatar is the same 256 px square (decisions D48).
 */
export const outputSize = (_rect: CropRect): number => AVATAR_OUTPUT_PX;
