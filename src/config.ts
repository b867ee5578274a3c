/** Reads and checks the extension's settings, each through its entry in the catalog (settings.ts). */
import * as vscode from 'vscode';
import type { NewNoteAlert } from './models/newNoteAlert';
import { checkServiceAddress } from './models/serviceAddress';
import { localized } from './localize';
import { report } from './report';
import { POLL_FLOOR_SECONDS, SECTION, SETTINGS, settingValue, type Setting, type ValueOf } from './settings';

function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

/** The setting's value as the editor has it, unchecked (the caller checks it). */
function raw(s: Setting): unknown {
  return settings().get<unknown>(s.key);
}

/** The setting's value: the default for a value of the wrong type, a number clamped into its bounds (settingValue). */
function value<S extends Setting>(s: S): ValueOf<S> {
  return settingValue(s, raw(s));
}

/** Calls `listener` whenever the setting changes. */
export function onDidChangeSetting(s: Setting, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(s.id)) listener();
  });
}

/** https is required except for loopback addresses (the check itself is plain: models/serviceAddress). */
export function checkApiBaseUrl(value: string): string | undefined {
  const problem = checkServiceAddress(value);
  return problem && localized(problem.template, ...problem.args);
}

export function apiBaseUrl(): string {
  const fallback = SETTINGS.apiBaseUrl.default;
  const url = (value(SETTINGS.apiBaseUrl) || fallback).trim();
  const problem = checkApiBaseUrl(url);
  if (problem) {
    void report.error(problem);
    return fallback;
  }
  return url;
}

export const pageSizes = {
  notifications: () => value(SETTINGS.notificationsPageSize),
  following: () => value(SETTINGS.followingPageSize),
  trash: () => value(SETTINGS.trashPageSize),
  posts: () => value(SETTINGS.postsPageSize),
  comments: () => value(SETTINGS.commentsPageSize),
};

export interface OAuthSettings {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  /** How the browser hands the token back: the editor's URI handler, or a one-shot 127.0.0.1 server. */
  redirect: ValueOf<typeof SETTINGS.redirect>;
  /** Port of the loopback server (0: any free port, for services that accept any loopback port). */
  loopbackPort: number;
}

export function oauthSettings(): OAuthSettings {
  const port = raw(SETTINGS.loopbackPort);
  return {
    authorizeUrl: value(SETTINGS.authorizeUrl) || SETTINGS.authorizeUrl.default,
    clientId: value(SETTINGS.clientId).trim(),
    redirectUri: value(SETTINGS.redirectUri).trim(),
    redirect: value(SETTINGS.redirect),
    // Unchecked: a port out of bounds is refused with a sentence when the server starts (loopbackPortProblem), not moved.
    loopbackPort: port === undefined ? SETTINGS.loopbackPort.default : (port as number),
  };
}

export function chosenSite(): string | undefined {
  // A site ID may be written as a number: taken as its text.
  const v = raw(SETTINGS.site);
  const text = typeof v === 'number' ? String(v) : settingValue(SETTINGS.site, v).trim();
  return text === '' ? undefined : text;
}

export async function setChosenSite(site: string): Promise<void> {
  await settings().update(SETTINGS.site.key, site, vscode.ConfigurationTarget.Global);
}

/** Opening a note marks it read (default on). */
export function markReadOnOpen(): boolean {
  return value(SETTINGS.markReadOnOpen);
}

/** Milliseconds between notification polls while the window is focused; 0 turns polling off. */
export function pollIntervalMs(): number {
  const seconds = value(SETTINGS.pollInterval);
  if (seconds <= 0) return 0;
  return Math.max(POLL_FLOOR_SECONDS, Math.round(seconds)) * 1000;
}

/** How long spam and trash wait for an Undo before they are sent, in milliseconds. */
export function undoMs(): number {
  return Math.round(value(SETTINGS.undoSeconds) * 1000);
}

/** Which newly arrived notes get a message (default off): none, those addressed to the user, all. */
export function newNoteAlert(): NewNoteAlert {
  return value(SETTINGS.notifyNew);
}

/** Load remote images in the detail view without asking (default off: tracking pixels). */
export function loadRemoteImages(): boolean {
  return value(SETTINGS.loadRemoteImages);
}
