/**
 * The hooks of an end-to-end file that drives one editor: before its tests, Chromium launched, the
 * editor opened (`open`) and whatever the file does first (`ready`); after each failed test, its
 * screenshot and the editor's logs; after all, the editor and the browser closed, whatever state
 * they are in.
 */
import { rmSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { closeEditor, shotIfFailed, type EditorSession } from './session';

export interface EditorSetup {
  /** A folder of screenshots emptied before anything starts (the file's own). */
  clear?: string;
  /** Opens the editor (`openEditor`, `openSignedIn`) in the launched browser. */
  open(browser: Browser): Promise<EditorSession>;
  /** The file's first steps on the open editor (a failure there still closes it). */
  ready?(session: EditorSession): Promise<void> | void;
}

/** Registers the hooks (call it inside `describe`); `session()` is the open editor once `before` ran. */
export function useEditor(setup: EditorSetup): { session(): EditorSession } {
  let browser: Browser | undefined;
  let session: EditorSession | undefined;

  before(async function () {
    this.timeout(900_000);
    if (setup.clear) rmSync(setup.clear, { recursive: true, force: true });
    const { CHROMIUM_ARGS, chromiumPath } = await import('../../scripts/editor.mjs');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    session = await setup.open(browser);
    await setup.ready?.(session);
  });

  afterEach(function () {
    return shotIfFailed(this.currentTest, session);
  });

  after(async function () {
    this.timeout(60_000);
    await closeEditor(session, browser);
  });

  return {
    session: () => {
      if (!session) throw new Error('The editor is not open: useEditor opens it in `before`.');
      return session;
    },
  };
}
