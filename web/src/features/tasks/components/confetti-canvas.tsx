/**
 * Confetti for a task marked Done (spec 000 §4, §9: 10 seconds). A canvas over the page that lets
 * every click through; nothing is drawn for people who ask for reduced motion. No library: a few
 * hundred paper pieces falling with drag and a wobble, fed for the first 40% of the time and faded
 * over the last 15%. Loaded with the first burst (confetti.tsx), not with the lists.
 */
import { useReducedMotion } from '@mantine/hooks';
import { CONFETTI_MS } from '@tandem/shared/tasks/constants';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const COLOURS = ['#7EC242', '#2F80ED', '#F2C94C', '#EB5757', '#BB6BD9', '#F2994A', '#27AE60', '#56CCF2'];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  w: number;
  h: number;
  angle: number;
  spin: number;
  wobble: number;
  colour: string;
}

function piece(width: number, fromTop: boolean): Piece {
  return {
    x: Math.random() * width,
    y: fromTop ? -20 - Math.random() * 80 : -20,
    vx: (Math.random() - 0.5) * 3,
    vy: 2 + Math.random() * 3,
    w: 6 + Math.random() * 6,
    h: 8 + Math.random() * 8,
    angle: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 0.3,
    wobble: Math.random() * Math.PI * 2,
    colour: COLOURS[Math.floor(Math.random() * COLOURS.length)]!,
  };
}

export default function Confetti({
  active,
  durationMs = CONFETTI_MS,
  onDone,
}: {
  active: boolean;
  durationMs?: number;
  onDone?: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reduced = useReducedMotion();
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!active) return;
    if (reduced) {
      done.current?.();
      return;
    }
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const fit = () => {
      const dpr = window.devicePixelRatio || 1;
      canvas.width = window.innerWidth * dpr;
      canvas.height = window.innerHeight * dpr;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    };
    fit();
    window.addEventListener('resize', fit);
    const pieces: Piece[] = Array.from({ length: 160 }, () => piece(window.innerWidth, true));
    const start = performance.now();
    let last = start;
    let frame = 0;
    const tick = (now: number) => {
      const elapsed = now - start;
      const dt = Math.min(3, (now - last) / 16.7);
      last = now;
      const w = window.innerWidth;
      const h = window.innerHeight;
      if (elapsed < durationMs * 0.4 && pieces.length < 400)
        for (let i = 0; i < 3; i++) pieces.push(piece(w, false));
      ctx.clearRect(0, 0, w, h);
      ctx.globalAlpha = Math.min(1, Math.max(0, (durationMs - elapsed) / (durationMs * 0.15)));
      for (const p of pieces) {
        p.wobble += 0.08 * dt;
        p.vy = Math.min(p.vy + 0.05 * dt, 4.5);
        p.x += (p.vx + Math.sin(p.wobble) * 0.8) * dt;
        p.y += p.vy * dt;
        p.angle += p.spin * dt;
        if (p.y > h + 20 && elapsed < durationMs * 0.4) Object.assign(p, piece(w, true));
        ctx.save();
        ctx.translate(p.x, p.y);
        ctx.rotate(p.angle);
        ctx.scale(1, Math.cos(p.wobble));
        ctx.fillStyle = p.colour;
        ctx.fillRect(-p.w / 2, -p.h / 2, p.w, p.h);
        ctx.restore();
      }
      if (elapsed < durationMs) frame = requestAnimationFrame(tick);
      else done.current?.();
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
    };
  }, [active, reduced, durationMs]);

  if (!active || reduced) return null;
  return createPortal(
    <canvas
      ref={canvasRef}
      aria-hidden
      data-testid="confetti"
      style={{
        position: 'fixed',
        inset: 0,
        width: '100vw',
        height: '100vh',
        pointerEvents: 'none',
        zIndex: 1000,
      }}
    />,
    document.body,
  );
}
