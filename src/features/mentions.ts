/** @mentions: suggestions of the chosen (or a note's) site's writers, in Markdown and HTML and in the reply boxes. */
import { MentionSource } from '../models/mentionSource';
import { registerMentionCompletions } from '../views/mentions/mentionCompletions';
import { Disposable } from '../models/disposable';
import { signedIn } from '../auth';
import type { Shared } from '../services/shared';

export type MentionsDeps = Pick<Shared, 'client' | 'site' | 'auth' | 'log'>;

export class MentionsFeature extends Disposable {
  /** The extension's one source of suggestions (its cache and refusals shared by every box). */
  readonly source: MentionSource;

  constructor({ client, site, auth, log }: MentionsDeps) {
    super();
    const source = new MentionSource({ client, site: () => site.site, signedIn: signedIn(auth), log: (m) => log.info(m) });
    this.source = source;
    this.register(registerMentionCompletions(source));
    this.register(auth.onDidChangeSession(() => source.reset()));
  }
}

export function registerMentions(deps: MentionsDeps): MentionsFeature {
  return new MentionsFeature(deps);
}
