/**
 * Functions that Playwright runs inside the workbench page. They are serialized with
 * Function.toString(), and tsx (esbuild's keepNames) wraps every named inner function in a
 * `__name(...)` call the page does not have: inside them, use only anonymous callbacks.
 */

/** What a click is meant for, in a form the page can take: a row of a pane found by its text. */
export interface PageAim {
  pane: string;
  /** A case-insensitive substring (like Playwright's hasText), or a regular expression. */
  source: string;
  flags: string;
  literal: boolean;
  /** The aria-label an inline action starts with, when the click is meant for one. */
  action?: string;
}

interface Guard extends PageAim {
  verdict: string | undefined;
  done?: boolean;
}

interface E2eWindow {
  __e2eGuardListening?: boolean;
  __e2eGuard?: Guard;
  __e2eSettle?: { token: number; rows: string; frames: number };
}

/**
 * Arms a guard for one mouse gesture. Each of its events is checked, at the moment the workbench
 * would act on it, against the row it is meant for (the pane, the row's text, the inline action);
 * from the first event that reaches anything else on, the rest of the gesture is swallowed before
 * VS Code sees it. A tree re-renders whenever the extension changes it and its list recycles row
 * elements, so a point computed for one row can, an instant later, lie on another (issue 11).
 */
export function armGuard(aim: PageAim): void {
  const w = window as unknown as E2eWindow;
  if (!w.__e2eGuardListening) {
    w.__e2eGuardListening = true;
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu']) {
      window.addEventListener(
        type,
        (e) => {
          const g = w.__e2eGuard;
          if (!g || g.done) return;
          if (g.verdict === undefined || g.verdict === 'ok') {
            const el = e.target instanceof Element ? e.target : null;
            const row = el?.closest('.monaco-list-row');
            const pane = row?.closest('.pane')?.querySelector('.pane-header h3.title')?.textContent?.trim();
            const text = (row?.textContent ?? '').replace(/\s+/g, ' ').trim();
            const matches = g.literal ? text.toLowerCase().includes(g.source.toLowerCase()) : new RegExp(g.source, g.flags).test(text);
            const action = el?.closest('.action-label')?.getAttribute('aria-label') ?? '';
            const ok = !!row && pane === g.pane && matches && (!g.action || action.startsWith(g.action));
            g.verdict = ok
              ? 'ok'
              : `its ${type} reached "${text || el?.className || 'nothing'}"${g.action ? ` (action "${action}")` : ''} in ${pane ?? 'no pane'}`;
            // The workbench has acted (a menu opened over the row, a command ran): the rest of the
            // gesture lands on whatever is there now, and is none of the guard's business.
            g.done = ok && (type === 'click' || type === 'contextmenu');
          }
          if (g.verdict !== 'ok') {
            e.preventDefault();
            e.stopImmediatePropagation();
          }
        },
        true,
      );
    }
  }
  w.__e2eGuard = { ...aim, verdict: undefined };
}

/** Ends the gesture's guard: 'ok' when every event of it reached the row meant, else what happened. */
export function disarmGuard(): string | undefined {
  const w = window as unknown as E2eWindow;
  const verdict = w.__e2eGuard?.verdict;
  w.__e2eGuard = undefined;
  return verdict;
}

/**
 * Polled once per animation frame: true when the pane's progress bar is idle and its rendered rows
 * (text and position) have not changed for three frames in a row. `token` starts a new count.
 */
export function paneSettled([title, token]: [string, number]): boolean {
  const w = window as unknown as E2eWindow;
  const pane = Array.from(document.querySelectorAll('.pane'))
    .filter((p) => p.querySelector('.pane-header h3.title')?.textContent?.trim() === title)
    .at(0);
  if (!pane) return false;
  const busy = Array.from(pane.querySelectorAll('.monaco-progress-container.active:not(.done)')).some(
    (p) => getComputedStyle(p).display !== 'none',
  );
  const rows = Array.from(pane.querySelectorAll('.pane-body .monaco-list-row'))
    .map((r) => `${(r as HTMLElement).style.top} ${r.textContent}`)
    .join('\n');
  const last = w.__e2eSettle;
  if (busy || !last || last.token !== token || last.rows !== rows) {
    w.__e2eSettle = { token, rows, frames: 0 };
    return false;
  }
  last.frames += 1;
  return last.frames >= 3;
}

/**
 * Whether Enter would now do what is meant: the input holds `value` and, in a quick pick, the
 * focused entry is `label` (the list filters as the value changes); in an input box, the
 * extension host's validation shows no error (it validates each value asynchronously).
 */
export function readyToAccept([label, value]: [string, string]): boolean {
  const widget = document.querySelector('.quick-input-widget');
  const input = widget?.querySelector<HTMLInputElement>('.quick-input-filter input.input');
  if (!widget || !input || getComputedStyle(widget).display === 'none' || input.value !== value) return false;
  const list = widget.querySelector('.quick-input-list');
  if (list && getComputedStyle(list).display !== 'none' && list.querySelector('.monaco-list-row')) {
    return list.querySelector('.monaco-list-row.focused .label-name')?.textContent?.trim() === label;
  }
  return !widget.querySelector('.monaco-inputbox.error');
}

/** Whether the quick input took what was entered: it closed, or it moved on to another question. */
export function accepted(value: string): boolean {
  const widget = document.querySelector('.quick-input-widget');
  const input = widget?.querySelector<HTMLInputElement>('.quick-input-filter input.input');
  return !widget || !input || getComputedStyle(widget).display === 'none' || input.value !== value;
}

/** Whether the open multi-select pick holds `value` and lists exactly one entry, labelled `label`. */
export function onlyEntry([label, value]: [string, string]): boolean {
  const widget = document.querySelector('.quick-input-widget');
  const input = widget?.querySelector<HTMLInputElement>('.quick-input-filter input.input');
  if (!widget || !input || getComputedStyle(widget).display === 'none' || input.value !== value) return false;
  const labels = Array.from(widget.querySelectorAll('.quick-input-list .monaco-list-row')).map((r) =>
    r.querySelector('.label-name')?.textContent?.trim(),
  );
  return labels.length === 1 && labels[0] === label;
}
