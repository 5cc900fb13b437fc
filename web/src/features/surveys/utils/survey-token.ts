/**
 * The access token of one's latest survey response, kept in this browser (spec 002 §5: the status
 * page needs it, else 'No access token found'), with the confirmation text shown after answering.
 */
const KEY = 'tandem.survey-response';

export interface StoredReceipt {
  token: string;
  confirmation: string;
  title: string;
}

export function saveReceipt(receipt: StoredReceipt): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(receipt));
  } catch {
    // Storage may be off (private mode): the status page then says no token was found.
  }
}

export function readReceipt(): StoredReceipt | null {
  try {
    const raw = localStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Partial<StoredReceipt>) : null;
    return v && typeof v.token === 'string' && v.token
      ? { token: v.token, confirmation: String(v.confirmation ?? ''), title: String(v.title ?? '') }
      : null;
  } catch {
    return null;
  }
}
