/** Reads and checks the extension's settings. */
import * as vscode from 'vscode';
import { DEFAULT_BASE_URL } from './api';
import { readNewNoteAlert, type NewNoteAlert } from './models/newNoteAlert';
import { checkServiceAddress, DEFAULT_LOOPBACK_PORT } from './models/serviceAddress';

const SECTION = 'contentSite';

/** The settings whose changes something follows, by their keys in the section. */
const WATCHED = {
  apiBaseUrl: 'apiBaseUrl',
  site: 'site',
  pollInterval: 'notifications.pollInterval',
  notifyNew: 'notifications.notifyNew',
} as const;

export function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

/** Calls `listener` whenever the setting changes. */
export function onDidChangeSetting(key: keyof typeof WATCHED, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`${SECTION}.${WATCHED[key]}`)) listener();
  });
}

/** https is required except for loopback addresses (the check itself is plain: models/serviceAddress). */
export function checkApiBaseUrl(value: string): string | undefined {
  const problem = checkServiceAddress(value);
  return problem && vscode.l10n.t(problem.template, ...problem.args);
}

export function apiBaseUrl(): string {
  const value = (settings().get<string>(WATCHED.apiBaseUrl) || DEFAULT_BASE_URL).trim();
  const problem = checkApiBaseUrl(value);
  if (problem) {
    void vscode.window.showErrorMessage(problem);
    return DEFAULT_BASE_URL;
  }
  return value;
}

function clampedInt(key: string, fallback: number, min: number, max: number): number {
  const v = settings().get<number>(key, fallback);
  return Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

export const pageSizes = {
  notifications: () => clampedInt('notifications.pageSize', 20, 1, 99),
  following: () => clampedInt('following.pageSize', 10, 1, 40),
  trash: () => clampedInt('trash.pageSize', 20, 1, 100),
  posts: () => clampedInt('posts.pageSize', 20, 1, 100),
};

export interface OAuthSettings {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  /** How the browser hands the token back: the editor's URI handler, or a one-shot 127.0.0.1 server. */
  redirect: 'uriHandler' | 'loopback';
  /** Port of the loopback server (0: any free port, for services that accept any loopback port). */
  loopbackPort: number;
}

export function oauthSettings(): OAuthSettings {
  const s = settings();
  return {
    authorizeUrl: s.get<string>('oauth.authorizeUrl') || 'https://public-api.wordpress.com/oauth2/authorize',
    clientId: (s.get<string>('oauth.clientId') || '').trim(),
    redirectUri: (s.get<string>('oauth.redirectUri') || '').trim(),
    redirect: s.get<string>('oauth.redirect') === 'loopback' ? 'loopback' : 'uriHandler',
    loopbackPort: s.get<number>('oauth.loopbackPort', DEFAULT_LOOPBACK_PORT),
  };
}

export function chosenSite(): string | undefined {
  const v = settings().get<string | number>(WATCHED.site);
  const text = v === undefined || v === null ? '' : String(v).trim();
  return text === '' ? undefined : text;
}

export async function setChosenSite(site: string): Promise<void> {
  await settings().update(WATCHED.site, site, vscode.ConfigurationTarget.Global);
}

/** Opening a note marks it read (default on). */
export function markReadOnOpen(): boolean {
  return settings().get<boolean>('notifications.markReadOnOpen', true);
}

/** Seconds between notification polls while the window is focused; 0 turns polling off. */
export function pollIntervalMs(): number {
  const seconds = settings().get<number>(WATCHED.pollInterval, 30);
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(10, Math.round(seconds)) * 1000;
}

/** Load remote images in the detail view without asking (default off: tracking pixels). */
/** How long spam and trash wait for an Undo before they are sent (the service's panel: 4.5 s). */
export function undoMs(): number {
  const seconds = settings().get<number>('notifications.undoSeconds', 4.5);
  return Math.round(Math.min(60, Math.max(1, Number.isFinite(seconds) ? seconds : 4.5)) * 1000);
}

/** Which newly arrived notes get a message (default off): none, those addressed to the user, all. */
export function newNoteAlert(): NewNoteAlert {
  return readNewNoteAlert(settings().get(WATCHED.notifyNew), 'off');
}

export function loadRemoteImages(): boolean {
  return settings().get<boolean>('detail.loadRemoteImages', false) === true;
}
