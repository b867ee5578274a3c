/**
 * The one "Publish Anyway" check, Publish's and Sync's: a publish that would also change parts of
 * the post the writer did not edit was not sent. The site's content now and after the publish are
 * shown side by side (the first post's, when Sync held back several), as the site's versions of the
 * post are (SitePostDocuments), and it is sent only when the writer says so.
 */
import * as vscode from 'vscode';
import { report } from '../report';
import type { SitePostDocuments } from '../views/posts/sitePostDocuments';

/** A publish held back: the post, and its content on the site now and after the publish. */
export interface HeldPublish {
  site: string;
  id: number;
  /** What the diff's title names it by (its title, else its file). */
  name: string;
  before: string;
  after: string;
}

/** Shows the first held publish side by side and asks; true when the writer chose Publish Anyway. */
export async function publishAnyway(documents: SitePostDocuments, held: readonly HeldPublish[], question: string): Promise<boolean> {
  const first = held[0];
  if (!first) return false;
  await vscode.commands.executeCommand(
    'vscode.diff',
    documents.showText(first.site, first.id, 'on-the-site.html', first.before),
    documents.showText(first.site, first.id, 'after-this-publish.html', first.after),
    vscode.l10n.t("{0}: the site's content now ↔ after this publish", first.name),
    { preview: false },
  );
  const go = vscode.l10n.t('Publish Anyway');
  return (await report.modal(question, {}, go)) === go;
}
