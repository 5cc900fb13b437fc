/**
 * The chime (spec 002 §2): a short two-tone sound made here as a WAV (no file to fetch), and the
 * favicon's badge variant: the app's icon with a dot, drawn over the icon the page links.
 */

/** 16-bit mono PCM WAV of two soft sine tones, 0.25 s in all. */
export function chimeWav(sampleRate = 22_050): Blob {
  const tones = [
    { hz: 880, s: 0.1 },
    { hz: 1320, s: 0.15 },
  ];
  const total = Math.round(tones.reduce((a, t) => a + t.s, 0) * sampleRate);
  const buf = new ArrayBuffer(44 + total * 2);
  const d = new DataView(buf);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) d.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  d.setUint32(4, 36 + total * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  d.setUint32(16, 16, true);
  d.setUint16(20, 1, true);
  d.setUint16(22, 1, true);
  d.setUint32(24, sampleRate, true);
  d.setUint32(28, sampleRate * 2, true);
  d.setUint16(32, 2, true);
  d.setUint16(34, 16, true);
  text(36, 'data');
  d.setUint32(40, total * 2, true);
  let i = 0;
  for (const tone of tones) {
    const n = Math.round(tone.s * sampleRate);
    for (let k = 0; k < n; k++, i++) {
      // A quick rise and a decay, so the tone does not click.
      const env = Math.min(1, k / 200) * Math.exp((-4 * k) / n);
      d.setInt16(
        44 + i * 2,
        Math.round(Math.sin((2 * Math.PI * tone.hz * k) / sampleRate) * env * 0.3 * 32767),
        true,
      );
    }
  }
  return new Blob([buf], { type: 'audio/wav' });
}

/** The icon with a red dot in its corner, as an SVG data URL. */
export function badgeIcon(svg: string): string {
  const dot = '<circle cx="80%" cy="20%" r="20%" fill="#e03131" stroke="#fff" stroke-width="4%"/>';
  const marked = svg.includes('</svg>') ? svg.replace(/<\/svg>\s*$/, `${dot}</svg>`) : svg;
  return `data:image/svg+xml,${encodeURIComponent(marked)}`;
}
