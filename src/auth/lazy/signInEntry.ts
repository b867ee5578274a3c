/**
 * Built on its own as dist/signin.js (scripts/build.mjs): signing in (the OAuth and access-token
 * sign-ins), needed only when one starts. Load it only through ./loadSignIn.
 */
export { SignInUi } from '../signInUi';
