/**
 * Bullets pasted from office documents (spec 001 §5 "Editor"): Word writes its list marks as text —
 * a middle dot for the first level, 'o' for the second and a section sign (Wingdings' square) for
 * the third — followed by spaces. Such lines become list items at levels 0, 1 and 2.
 */

const LEVEL_OF: Record<string, number> = { '·': 0, '•': 0, o: 1, '§': 2 };
/** A mark, then at least one space (Word uses no-break spaces and tabs). */
const BULLET_LINE = /^[ \t\u00a0]*([·•o§])[ \t\u00a0]+(.*)$/u;

export interface PastedLine {
  /** The list level, or null for a line that is not an office bullet. */
  level: number | null;
  text: string;
}

/** A pasted line read as an office bullet: its level and its text without the mark, or null. */
export function officeBullet(line: string): { level: number; text: string } | null {
  const m = BULLET_LINE.exec(line);
  if (!m) return null;
  const text = m[2]!.trim();
  // "o clock" is a sentence, not a bullet: an 'o' mark needs a nested place, after another bullet.
  return text ? { level: LEVEL_OF[m[1]!]!, text } : null;
}

/**
 * Pasted text as lines with their office-bullet levels, or null when no line is an office bullet (the
 * paste is then left to the editor). An 'o' or section-sign line counts only after a bullet line,
 * so an ordinary sentence that starts with "o " is not taken for one.
 */
export function officeBulletLines(text: string): PastedLine[] | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  let previous: number | null = null;
  let any = false;
  const out = lines.map((line): PastedLine => {
    const b = officeBullet(line);
    const level = b && (b.level === 0 || previous !== null) ? Math.min(b.level, (previous ?? -1) + 1) : null;
    previous = level;
    if (level === null || !b) return { level: null, text: line.trim() };
    any = true;
    return { level, text: b.text };
  });
  return any ? out : null;
}
