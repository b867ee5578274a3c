/**
 * Where a shortcode starts and ends in a text, read as WordPress reads it (`regexp` of
 * @wordpress/shortcode: `[name attrs]`, `[name attrs /]`, `[name attrs]content[/name]`, each
 * possibly inside a second pair of brackets), in time that grows with the text, not with its
 * square. That regular expression, tried at each `[`, reads on to the next `]` and, after it, to
 * the next `[/name]`, or to the end of the text when there is none: `[a](` written 50,000 times
 * (200 KB) held the extension host for 12 s. Here every `]` and every closing tag of the text is
 * found once, in one pass, and each `[` looks its own up.
 */

/** How much reading the scans did, in characters and lookups; the tests bound it by the text's length. */
export const shortcodeWork = { steps: 0 };

const NAME = /\[(\[?)([A-Za-z0-9_-]+)/y;
const CLOSING = /\[\/([A-Za-z0-9_-]+)\]/g;

/**
 * Sorted positions, looked up from a cursor: markdown-it reads a text left to right, so each lookup
 * moves the cursor on from where the last one left it (back, by halves, for the rare one before).
 */
class Positions {
  readonly at: number[] = [];
  private cursor = 0;

  /** The first position at or after `from`, or -1. */
  firstFrom(from: number): number {
    const at = this.at;
    if (this.cursor > 0 && at[this.cursor - 1] >= from) {
      let lo = 0;
      let hi = this.cursor - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        shortcodeWork.steps++;
        if (at[mid] < from) lo = mid + 1;
        else hi = mid;
      }
      this.cursor = lo;
    }
    while (this.cursor < at.length && at[this.cursor] < from) {
      shortcodeWork.steps++;
      this.cursor++;
    }
    return this.cursor < at.length ? at[this.cursor] : -1;
  }
}

/** Characters that make bracketed text prose, not a shortcode, when its attributes hold one. */
const PROSE = new Set(['[', '`', '\\', '<']);

/** One text's shortcodes, looked up by where they would start. */
export class ShortcodeScan {
  /** Every `]` of the text, in order. */
  private brackets: Positions | undefined;
  /** Where each `[/name]` of the text starts, by name, in order. */
  private closings: Map<string, Positions> | undefined;

  constructor(private readonly text: string) {}

  private index(): { brackets: Positions; closings: Map<string, Positions> } {
    if (!this.brackets || !this.closings) {
      const brackets = new Positions();
      for (let i = this.text.indexOf(']'); i >= 0; i = this.text.indexOf(']', i + 1)) brackets.at.push(i);
      const closings = new Map<string, Positions>();
      for (const m of this.text.matchAll(CLOSING)) {
        let named = closings.get(m[1]);
        if (!named) closings.set(m[1], (named = new Positions()));
        named.at.push(m.index);
      }
      shortcodeWork.steps += 2 * this.text.length;
      this.brackets = brackets;
      this.closings = closings;
    }
    return { brackets: this.brackets, closings: this.closings };
  }

  /**
   * Where the shortcode that starts at `start` (a `[`) ends, as WordPress's expression would
   * match there; undefined when it matches nothing, or only brackets in prose: attributes that hold
   * `[`, a backtick, a backslash or `<`, or a `[[` that does not close as `]]`.
   */
  endAt(start: number): number | undefined {
    const text = this.text;
    NAME.lastIndex = start;
    const head = NAME.exec(text);
    if (!head) return undefined;
    const [, double, name] = head;
    shortcodeWork.steps += head[0].length;
    const attrsFrom = start + head[0].length;
    const { brackets, closings } = this.index();
    // The attributes run to the first `]`; a `/` just before it closes the shortcode by itself.
    const close = brackets.firstFrom(attrsFrom);
    if (close < 0) return undefined;
    const selfClosing = close > attrsFrom && text[close - 1] === '/';
    const attrsTo = selfClosing ? close - 1 : close;
    for (let i = attrsFrom; i < attrsTo; i++) {
      shortcodeWork.steps++;
      if (PROSE.has(text[i])) return undefined;
    }
    let end = close + 1;
    if (!selfClosing) {
      // Content up to the first `[/name]` after it, when there is one.
      const closing = closings.get(name)?.firstFrom(end) ?? -1;
      if (closing >= 0) end = closing + name.length + 3;
    }
    const closedTwice = text[end] === ']';
    if (double && !closedTwice) return undefined;
    return closedTwice ? end + 1 : end;
  }
}
