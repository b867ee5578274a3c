/** @mentions: suggestions of the chosen (or a note's) site's writers, in Markdown and HTML (the reply boxes ask the same source). */
import { registerMentionCompletions } from '../views/mentions/mentionCompletions';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';

export type MentionsDeps = Pick<Shared, 'mentions' | 'auth'>;

export class MentionsFeature extends Disposable {
  constructor({ mentions, auth }: MentionsDeps) {
    super();
    this.register(registerMentionCompletions(mentions));
    this.register(auth.onDidChangeSession(() => mentions.reset()));
  }
}
