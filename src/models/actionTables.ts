/**
 * Every kind of item's action table (actionCatalog.ts), for what reads them all: the generated
 * manifest (scripts/manifest/actions.ts), the keys and the Keyboard Shortcuts list.
 */
import type { ActionTable } from './actionCatalog';
import { COMMENT_ACTIONS } from './commentActionCatalog';
import { NOTE_ACTIONS } from './noteActionCatalog';
import { READER_ACTIONS } from './readerActionCatalog';

export const ACTION_TABLES: readonly ActionTable[] = [NOTE_ACTIONS, COMMENT_ACTIONS, READER_ACTIONS];
