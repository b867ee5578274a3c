import * as vscode from 'vscode';

/**
 * A note's type as a string: anything else (a note from a damaged store, or a service that sends
 * another shape) reads as no type, a plain note, rather than breaking the tree.
 */
const typeName = (type: unknown): string => (typeof type === 'string' ? type : '');

/** Codicon per note type; unread notes are filled and coloured. */
export function noteIcon(type: string | undefined, unread: boolean): vscode.ThemeIcon {
  const color = unread ? new vscode.ThemeColor('notificationsInfoIcon.foreground') : new vscode.ThemeColor('disabledForeground');
  const base = typeName(type);
  let id: string;
  if (base.startsWith('comment')) id = unread ? 'comment-unresolved' : 'comment';
  else if (base.includes('like')) id = unread ? 'heart-filled' : 'heart';
  else if (base.startsWith('follow')) id = 'person-add';
  else if (base === 'achievement' || base.includes('milestone') || base.includes('_feat')) id = 'star-full';
  else if (base === 'reblog') id = 'references';
  else id = unread ? 'bell-dot' : 'bell';
  return new vscode.ThemeIcon(id, color);
}

/** Readable names (singular for a row, plural for the filter) of the note types the service is known to send. */
const TYPE_NAMES: Record<string, () => [string, string]> = {
  '': () => [vscode.l10n.t('note'), vscode.l10n.t('Notes')],
  comment: () => [vscode.l10n.t('comment'), vscode.l10n.t('Comments')],
  comment_like: () => [vscode.l10n.t('comment like'), vscode.l10n.t('Comment likes')],
  like: () => [vscode.l10n.t('like'), vscode.l10n.t('Likes')],
  follow: () => [vscode.l10n.t('follow'), vscode.l10n.t('Follows')],
  reblog: () => [vscode.l10n.t('reblog'), vscode.l10n.t('Reblogs')],
  new_post: () => [vscode.l10n.t('new post'), vscode.l10n.t('New posts')],
  achievement: () => [vscode.l10n.t('achievement'), vscode.l10n.t('Achievements')],
  post_milestone_achievement: () => [vscode.l10n.t('milestone'), vscode.l10n.t('Milestones')],
  followed_milestone_achievement: () => [vscode.l10n.t('milestone'), vscode.l10n.t('Milestones')],
  like_milestone_achievement: () => [vscode.l10n.t('milestone'), vscode.l10n.t('Milestones')],
  best_liked_day_feat: () => [vscode.l10n.t('best day'), vscode.l10n.t('Best days')],
  best_followed_day_feat: () => [vscode.l10n.t('best day'), vscode.l10n.t('Best days')],
  automattcher: () => [vscode.l10n.t('mention'), vscode.l10n.t('Mentions')],
  mention: () => [vscode.l10n.t('mention'), vscode.l10n.t('Mentions')],
  user_reply: () => [vscode.l10n.t('reply'), vscode.l10n.t('Replies')],
  scheduled_post: () => [vscode.l10n.t('scheduled post'), vscode.l10n.t('Scheduled posts')],
};

/** A readable name for a note type; an unknown one is named from its identifier. */
export function typeLabel(type: string | undefined, form: 'singular' | 'plural' = 'singular'): string {
  const name = typeName(type);
  const known = Object.hasOwn(TYPE_NAMES, name) ? TYPE_NAMES[name]() : undefined;
  if (known) return form === 'plural' ? known[1] : known[0];
  const words = name.replace(/[_-]+/g, ' ').trim();
  return form === 'plural' ? vscode.l10n.t('Other: {0}', words) : words;
}
