/**
 * Signing in, loaded with the first sign-in. In the bundle, `require('./signInEntry')` becomes
 * `require('./signin.js')` (dist/signin.js, see scripts/build.mjs); from source it is the module
 * beside this one.
 */
import type * as SignIn from './signInEntry';
import { lazyPart } from '../../api/lazy/lazyPart';

export type SignInModule = typeof SignIn;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./signInEntry') as SignInModule);
/** A failure to load is a rejection, not a throw. */
export const loadSignIn = part.load;
