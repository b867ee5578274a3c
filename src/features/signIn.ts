/** Sign-in: its commands (the session itself, the provider and the URI handler are registerAuth's). */
import { registerAuthCommands } from '../commands/authCommands';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';

export class SignInFeature extends Disposable {
  constructor({ auth }: Pick<Shared, 'auth'>) {
    super();
    this.registerAll(registerAuthCommands({ auth }));
  }
}
