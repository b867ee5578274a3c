/**
 * Every setting of the extension, declared once: its key, type, default and bounds (minimum,
 * maximum, enum, pattern). package.json's `contributes.configuration` has to declare them too (the
 * editor reads it without running anything); `test/unit/misc/settings.test.ts` checks that the two
 * agree, setting by setting and field by field. config.ts reads every value through this catalog
 * (`settingValue`); no other file of src/ spells a setting's key. Plain TypeScript, imports nothing.
 */

/** The settings' section: every key below is `contentSite.<key>`. */
export const SECTION = 'contentSite';

export interface BooleanSpec {
  readonly type: 'boolean';
  readonly default: boolean;
}
export interface StringSpec {
  readonly type: 'string';
  readonly default: string;
  /** The editor's own check as you type (package.json's `pattern`); the code checks the value where it uses it, with a sentence. */
  readonly pattern?: string;
}
export interface EnumSpec {
  readonly type: 'string';
  readonly enum: readonly string[];
  readonly default: string;
}
export interface NumberSpec {
  /** `integer` takes whole numbers only. */
  readonly type: 'number' | 'integer';
  readonly default: number;
  readonly minimum?: number;
  readonly maximum?: number;
}
export type SettingSpec = BooleanSpec | StringSpec | EnumSpec | NumberSpec;

/** A setting: its spec, its key in the section (for `getConfiguration(SECTION).get`) and its full id (`contentSite.<key>`). */
export type Setting<K extends string = string, S extends SettingSpec = SettingSpec> = S & {
  readonly key: K;
  readonly id: `${typeof SECTION}.${K}`;
};

function setting<const K extends string, const S extends SettingSpec>(key: K, spec: S): Setting<K, S> {
  return { ...spec, key, id: `${SECTION}.${key}` };
}

/** The value a setting yields: one of its enum, or of its type. */
export type ValueOf<S extends SettingSpec> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends BooleanSpec
    ? boolean
    : S extends StringSpec
      ? string
      : number;

export const SETTINGS = {
  /** The REST root of the service (also the client's own default: api/request.ts). */
  apiBaseUrl: setting('apiBaseUrl', {
    type: 'string',
    default: 'https://public-api.wordpress.com/rest',
    pattern: '^(https://|http://(127\\.0\\.0\\.1|localhost|\\[::1\\])(:\\d+)?(/|$))',
  }),
  authorizeUrl: setting('oauth.authorizeUrl', { type: 'string', default: 'https://public-api.wordpress.com/oauth2/authorize' }),
  clientId: setting('oauth.clientId', { type: 'string', default: '', pattern: '^\\d*$' }),
  redirectUri: setting('oauth.redirectUri', { type: 'string', default: '' }),
  redirect: setting('oauth.redirect', { type: 'string', enum: ['uriHandler', 'loopback'], default: 'uriHandler' }),
  /**
   * The loopback sign-in server's port: fixed so the redirect URL can be registered, outside the OS
   * ephemeral ranges (0: any free port). Out of bounds it is refused with a sentence, not clamped
   * (auth/loopbackServer.ts `loopbackPortProblem`): another port would not be the registered one.
   */
  loopbackPort: setting('oauth.loopbackPort', { type: 'integer', default: 27183, minimum: 0, maximum: 65535 }),
  /** The chosen site (ID or domain); config.ts also takes a number (an ID written without quotes). */
  site: setting('site', { type: 'string', default: '' }),
  notificationsPageSize: setting('notifications.pageSize', { type: 'integer', default: 20, minimum: 1, maximum: 99 }),
  followingPageSize: setting('following.pageSize', { type: 'integer', default: 10, minimum: 1, maximum: 40 }),
  trashPageSize: setting('trash.pageSize', { type: 'integer', default: 20, minimum: 1, maximum: 100 }),
  postsPageSize: setting('posts.pageSize', { type: 'integer', default: 20, minimum: 1, maximum: 100 }),
  commentsPageSize: setting('comments.pageSize', { type: 'integer', default: 20, minimum: 1, maximum: 100 }),
  markReadOnOpen: setting('notifications.markReadOnOpen', { type: 'boolean', default: true }),
  /** Seconds between polls while focused; 0 turns polling off, and anything above 0 is at least POLL_FLOOR_SECONDS. */
  pollInterval: setting('notifications.pollInterval', { type: 'number', default: 30, minimum: 0 }),
  /** The undo window of spam and trash, in seconds (the service's own panel waits 4.5 s). */
  undoSeconds: setting('notifications.undoSeconds', { type: 'number', default: 4.5, minimum: 1, maximum: 60 }),
  notifyNew: setting('notifications.notifyNew', { type: 'string', enum: ['off', 'mentions', 'all'], default: 'off' }),
  loadRemoteImages: setting('detail.loadRemoteImages', { type: 'boolean', default: false }),
} as const;

/** The shortest poll interval other than off (0): a smaller positive `pollInterval` is raised to it. */
export const POLL_FLOOR_SECONDS = 10;

/** Every setting of the catalog. */
export const ALL_SETTINGS: readonly Setting[] = Object.values(SETTINGS);

/**
 * What the editor's value `raw` means for `s`: the default when it is of the wrong type (a
 * fraction for an integer, NaN or Infinity for a number) or outside the enum; a number clamped
 * into the bounds. Patterns are not checked here: the code that uses such a value checks it and
 * says what is wrong (models/serviceAddress.ts, auth/authorizeUrl.ts).
 */
export function settingValue<S extends Setting>(s: S, raw: unknown): ValueOf<S>;
export function settingValue(s: Setting, raw: unknown): unknown {
  switch (s.type) {
    case 'boolean':
      return typeof raw === 'boolean' ? raw : s.default;
    case 'string':
      if (typeof raw !== 'string') return s.default;
      return 'enum' in s && !s.enum.includes(raw) ? s.default : raw;
    case 'number':
    case 'integer': {
      const whole = s.type === 'integer' ? Number.isInteger(raw) : Number.isFinite(raw);
      if (typeof raw !== 'number' || !whole) return s.default;
      return Math.min(s.maximum ?? Infinity, Math.max(s.minimum ?? -Infinity, raw));
    }
  }
}
