/** The detail panel: a note (with its actions, reply box and previous/next) or a post, and the commands that show them. */
import { openExternal } from '../commands/common';
import { registerShowDetail, type ShowDetailDeps } from '../commands/showDetail';
import { DetailPanel } from '../views/detail/detailPanel';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';

export type DetailDeps = Pick<Shared, 'extensionUri' | 'log' | 'auth'> & {
  /** The notes a note's page follows and acts on, with their reply drafts. */
  notifications: { model: ShowDetailDeps['notes']; noteActions: ShowDetailDeps['noteActions']; drafts: ShowDetailDeps['drafts'] };
  mentions: ShowDetailDeps['mentions'];
};

export class DetailFeature extends Disposable {
  /** The one panel notes and posts show in. */
  readonly panel: DetailPanel;

  constructor({ extensionUri, log, auth, notifications, mentions }: DetailDeps) {
    super();
    const panel = this.register(new DetailPanel(extensionUri, openExternal));
    this.panel = panel;
    const { model: notes, noteActions, drafts } = notifications;
    this.registerAll(registerShowDetail({ detail: panel, notes, noteActions, drafts, mentions, log, auth }));
  }
}

export function registerDetail(deps: DetailDeps): DetailFeature {
  return new DetailFeature(deps);
}
