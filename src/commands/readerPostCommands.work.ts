/**
 * The work of the Reader posts' commands (readerPostCommands.ts registers them): which chosen posts
 * offer the action, like and seen on every one at once, follow and block on each post's site (after
 * the entry's question), unfollow and block waiting out their undo window with Undo in their
 * message. Bundled in a chunk of its own, loaded with the first Reader action.
 */
import * as vscode from 'vscode';
import type { FeedPost } from '../api';
import { localized } from '../localize';
import type { ReaderEntry } from '../models/readerActionCatalog';
import { report, reportFailure } from '../report';
import type { ReaderPostActions, LoadedActions, SiteRemoval } from '../models/readerPostActions';
import type { CommandAuth } from './common';

/** What the work takes (readerPostCommands.ts's deps hold it). */
export interface ReaderWorkDeps {
  /** The Reader posts' actions (loaded with the first). */
  actions: () => LoadedActions<keyof ReaderPostActions>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

/** The posts that offer the entry; when none does, the status bar says why. */
export function offered(deps: ReaderWorkDeps, e: ReaderEntry, posts: readonly FeedPost[]): FeedPost[] {
  const yes = posts.filter((p) => e.offers(p) === true);
  if (yes.length === 0) {
    const why = e.offers(posts[0]);
    deps.log.info(`reader ${e.id}: not offered on the ${posts.length} post(s) chosen.`);
    vscode.window.setStatusBarMessage(
      typeof why === 'string' ? localized(why) : vscode.l10n.t('{0} is not offered on this post.', localized(e.labels.on)),
      6000,
    );
  }
  return yes;
}

/** One post per site (or feed): follow and block act on sites. */
function bySite(posts: readonly FeedPost[]): FeedPost[] {
  const seen = new Set<string>();
  return posts.filter((p) => {
    const key = p.is_external ? `feed ${String(p.feed_ID)}` : `site ${String(p.site_ID)}`;
    return !seen.has(key) && seen.add(key);
  });
}

export async function toggle(deps: ReaderWorkDeps, e: ReaderEntry, posts: FeedPost[], on?: boolean): Promise<void> {
  const chosen = offered(deps, e, posts);
  if (chosen.length === 0) return;
  const name = localized(e.labels.on);
  const acts = await deps.actions();
  if (e.id === 'follow') {
    const want = on ?? !e.value!(chosen[0]);
    const sites = bySite(chosen);
    if (!want)
      return removals(
        deps,
        e,
        sites.map((p) => acts.follow(p, false)),
      );
    const reports = await Promise.all(sites.map((p) => acts.follow(p, true)));
    const refused = reports.find((r) => r.error);
    if (refused?.error) await reportFailure(deps, refused.error, name);
    return;
  }
  const r = await (e.id === 'like' ? acts.like(chosen, on) : acts.seen(chosen, on));
  deps.log.info(`reader ${e.id} ${r.on ? 'on' : 'off'}: ${r.acted.length} confirmed, ${r.failed.length} not.`);
  if (r.error) await reportFailure(deps, r.error, name);
}

/** Block the posts' sites, after the entry's question: their posts leave every list, with Undo. */
export async function block(deps: ReaderWorkDeps, e: ReaderEntry, posts: FeedPost[]): Promise<void> {
  const sites = bySite(offered(deps, e, posts)).filter((p) => p.site_ID !== undefined);
  if (sites.length === 0 || !e.confirm) return;
  const acts = await deps.actions();
  const yes = localized(e.confirm.yes);
  const question =
    sites.length === 1 ? localized(e.confirm.one, sites[0].site_name || String(sites[0].site_ID)) : localized(e.confirm.many, sites.length);
  if ((await report.modal(question, {}, yes)) !== yes) return;
  removals(
    deps,
    e,
    sites.map((p) => acts.block(Number(p.site_ID))),
  );
}

/** Unfollows or blocks in their undo window: one message with Undo; closing it sends at once. */
function removals(deps: ReaderWorkDeps, e: ReaderEntry, started: ReadonlyArray<SiteRemoval | undefined>): void {
  const pending = started.filter((r): r is SiteRemoval => r !== undefined);
  if (pending.length === 0 || !e.removed) return;
  const undo = vscode.l10n.t('Undo');
  const sentence = pending.length === 1 ? localized(e.removed.one) : localized(e.removed.many, pending.length);
  void report.info(sentence, undo).then((pick) => {
    if (pick !== undo) {
      for (const r of pending) r.sendNow();
      return;
    }
    const results = pending.map((r) => r.undo());
    if (results.every((x) => x === 'already sent'))
      void report.info(vscode.l10n.t('Too late to undo: it was already sent to the service.'));
  });
  void Promise.all(pending.map((r) => r.done)).then(async (done) => {
    const failed = done.filter((r) => !r.done && r.error);
    deps.log.info(`reader ${e.id}: ${done.length - failed.length} confirmed, ${failed.length} not.`);
    if (failed.length > 0) await reportFailure(deps, failed[0].error, localized(e.labels.on));
  });
}

export const readerPostWork = { offered, toggle, block };
export type ReaderPostWork = typeof readerPostWork;
