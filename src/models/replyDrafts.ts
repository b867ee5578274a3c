/**
 * Reply drafts, one per note, kept in the extension's storage across window reloads until the reply
 * is sent or the draft is a day old (as the service's panel keeps them). Kept per user and service,
 * bounded in number. No vscode here: `store` is a Memento.
 */
import { STORAGE_KEYS } from '../ids';

export interface DraftStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

interface Draft {
  text: string;
  /** When it was last changed, ms since the epoch. */
  at: number;
}

export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
/** The most drafts kept; the oldest go first. */
export const DRAFTS_MAX = 50;

export class ReplyDrafts {
  constructor(
    private readonly store: DraftStore,
    /** Whose drafts: the user's id and the service's base URL (read each time: the user may change). */
    private readonly scope: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  private get key(): string {
    return `${STORAGE_KEYS.replyDrafts}:${this.scope()}`;
  }

  /** The note's draft, or '' when there is none or it is older than a day. */
  get(noteId: number): string {
    return this.read()[String(noteId)]?.text ?? '';
  }

  /** Keeps the text as the note's draft; '' (or only spaces) clears it. */
  set(noteId: number, text: string): void {
    const drafts = this.read();
    if (text.trim()) drafts[String(noteId)] = { text, at: this.now() };
    else delete drafts[String(noteId)];
    const kept = Object.entries(drafts)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, DRAFTS_MAX);
    void this.store.update(this.key, Object.fromEntries(kept));
  }

  clear(noteId: number): void {
    this.set(noteId, '');
  }

  /** The drafts still fresh; anything malformed in the store is ignored (and dropped on the next write). */
  private read(): Record<string, Draft> {
    const raw = this.store.get<unknown>(this.key);
    const out: Record<string, Draft> = {};
    if (typeof raw !== 'object' || raw === null) return out;
    const oldest = this.now() - DRAFT_TTL_MS;
    for (const [id, d] of Object.entries(raw as Record<string, unknown>)) {
      if (!/^\d+$/.test(id) || typeof d !== 'object' || d === null) continue;
      const { text, at } = d as Partial<Draft>;
      if (typeof text === 'string' && typeof at === 'number' && at > oldest) out[id] = { text, at };
    }
    return out;
  }
}
