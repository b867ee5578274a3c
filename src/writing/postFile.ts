/**
 * A post file: YAML front matter between `---` lines, then the Markdown body. Read with the `yaml`
 * package (its positions name the line of every problem), checked key by key, and written back
 * keeping the writer's comments, key order and body byte for byte.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { conflictBlocks, conflictMessage } from './conflictMarkers';
import { sizeText, WRITING_LIMITS } from './limits';

export const FILE_STATUSES = ['draft', 'pending', 'publish', 'private', 'future'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** The keys a writer sets, then the ones the extension writes back after a publish or a pull. */
export const WRITER_KEYS = [
  'title',
  'status',
  'date',
  'slug',
  'tags',
  'categories',
  'excerpt',
  'featured_image',
  'editor',
  'type',
  'parent',
  'menu_order',
  'page_template',
] as const;

/** What a file is on the site: a post (the default) or a page. */
export const POST_TYPES = ['post', 'page'] as const;
export type PostType = (typeof POST_TYPES)[number];
/** The keys only a page has. */
const PAGE_KEYS = ['parent', 'menu_order', 'page_template'] as const;

/** How the post's content is written: as the block editor's blocks (new posts), or as a classic post. */
export const EDITORS = ['blocks', 'classic'] as const;
export type Editor = (typeof EDITORS)[number];
/** The keys only the extension writes: which post the file is, where, its version, and a create whose answer is not known. */
export const SITE_KEYS = ['id', 'site', 'url', 'modified', 'unconfirmed'] as const;
type SiteKey = (typeof SITE_KEYS)[number];

/**
 * The YAML reader's settings: its own duplicate-key check compares every key with every other (20,000
 * keys took 4 s), so keys are checked here, once each, and the front matter is bounded in size.
 */
const YAML_OPTIONS = { uniqueKeys: false, prettyErrors: false } as const;

export interface Problem {
  /** 0-based, as the editor counts. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  severity: 'error' | 'warning';
  key?: string;
}

export interface PostMeta {
  title?: string;
  status?: FileStatus;
  /** ISO 8601, as written. */
  date?: string;
  slug?: string;
  tags?: string[];
  categories?: string[];
  excerpt?: string;
  /** A local path (relative to the file) or an URL. */
  featured_image?: string;
  /** Blocks (the default) or classic: how the body is sent. A pulled post keeps its own; changing it converts the post. */
  editor?: Editor;
  /** A page (with `parent`, `menu_order`, `page_template`; no categories or tags), or a post (the default). */
  type?: PostType;
  /** The parent page's ID on the site (0: at the top). */
  parent?: number;
  menu_order?: number;
  page_template?: string;
  id?: number;
  site?: string;
  url?: string;
  modified?: string;
  /** A create was sent and its answer is not known: the token it carried, to find the post by before creating again. */
  unconfirmed?: string;
}

export interface ParsedPost {
  meta: PostMeta;
  body: string;
  /** The body's first line (0-based) in the file. */
  bodyStartLine: number;
  problems: Problem[];
  hasFrontMatter: boolean;
  /** The line (0-based, in the file) of each key's value, by key. */
  valueLines: Partial<Record<string, number>>;
}

export interface Split {
  yaml: string;
  /** The front matter's first line (after the opening `---`), 0-based. */
  yamlLine: number;
  body: string;
  bodyStartLine: number;
  /** Where the body starts in the text. */
  bodyOffset: number;
  closed: boolean;
}

const FENCE = /^(?:---|\.\.\.)[ \t]*$/;

/** The front matter and the body, or undefined when the file does not start with `---`. */
export function split(text: string): Split | undefined {
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const first = /^---[ \t]*\r?\n/.exec(text.slice(start));
  if (!first) return undefined;
  let offset = start + first[0].length;
  let line = 1;
  const yamlStart = offset;
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    const lineEnd = end < 0 ? text.length : end + 1;
    const content = text.slice(offset, end < 0 ? text.length : end).replace(/\r$/, '');
    if (FENCE.test(content) && content.startsWith('---')) {
      return {
        yaml: text.slice(yamlStart, offset),
        yamlLine: 1,
        body: text.slice(lineEnd),
        bodyStartLine: line + 1,
        bodyOffset: lineEnd,
        closed: true,
      };
    }
    offset = lineEnd;
    line++;
  }
  return { yaml: text.slice(yamlStart), yamlLine: 1, body: '', bodyStartLine: line, bodyOffset: text.length, closed: false };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** A problem on each merge conflict left in these lines (`first`: the file's line of the first), so the file is not published. */
function conflictProblems(lines: readonly string[], first: number, blocks = conflictBlocks(lines)): Problem[] {
  return blocks.map((block) => ({
    line: first + block.open,
    column: 0,
    endLine: first + block.close,
    endColumn: Math.max(1, lines[block.close].replace(/\r$/, '').length),
    message: conflictMessage(block),
    severity: 'error',
  }));
}

export function parsePostFile(text: string): ParsedPost {
  const parts = split(text);
  if (!parts)
    return {
      meta: {},
      body: text,
      bodyStartLine: 0,
      problems: conflictProblems(text.split('\n'), 0),
      hasFrontMatter: false,
      valueLines: {},
    };
  const problems: Problem[] = [];
  const bodyConflicts = conflictProblems(parts.body.split('\n'), parts.bodyStartLine);
  if (parts.yaml.length > WRITING_LIMITS.frontMatterChars) {
    const message = `The front matter is ${sizeText(parts.yaml.length)}; this extension reads front matter up to ${sizeText(WRITING_LIMITS.frontMatterChars)}.`;
    problems.push({ line: 0, column: 0, endLine: 0, endColumn: 3, message, severity: 'error' });
    return {
      meta: {},
      body: parts.body,
      bodyStartLine: parts.bodyStartLine,
      problems: [...problems, ...bodyConflicts],
      hasFrontMatter: true,
      valueLines: {},
    };
  }
  // A conflict in the front matter is read as its first side (the file's), the other lines left
  // blank so every line keeps its number: the keys still say which post this is.
  const yamlLines = parts.yaml.split('\n');
  const yamlConflicts = conflictBlocks(yamlLines, false);
  problems.push(...conflictProblems(yamlLines, parts.yamlLine, yamlConflicts));
  for (const block of yamlConflicts) for (const i of block.others) yamlLines[i] = '';
  const lines = new LineCounter();
  const doc = parseDocument(yamlConflicts.length ? yamlLines.join('\n') : parts.yaml, { ...YAML_OPTIONS, lineCounter: lines });
  const at = (offset: number) => {
    const p = lines.linePos(offset);
    return { line: parts.yamlLine + p.line - 1, column: p.col - 1 };
  };
  const problem = (range: readonly number[] | undefined, message: string, severity: Problem['severity'] = 'error', key?: string) => {
    const [from, to] = range
      ? [at(range[0]), at(range[1] ?? range[0])]
      : [
          { line: 0, column: 0 },
          { line: 0, column: 3 },
        ];
    problems.push({
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: Math.max(to.column, from.column + 1),
      message,
      severity,
      key,
    });
  };
  if (!parts.closed) problem(undefined, 'The front matter is not closed: end it with a line of three dashes (---).');
  for (const e of doc.errors)
    problem(e.pos, `The front matter is not valid YAML: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
  const meta: PostMeta = {};
  const valueLines: Partial<Record<string, number>> = {};
  if (doc.errors.length === 0 && doc.contents !== null && !isMap(doc.contents))
    problem(doc.contents?.range ?? undefined, 'The front matter must be keys and values, such as "title: My post".');
  if (doc.errors.length === 0 && isMap(doc.contents)) {
    readKeys(doc, meta, problem);
    for (const { key, value } of (doc.contents as unknown as { items: Array<{ key: Node | null; value: Node | null }> }).items) {
      const offset = value?.range?.[0] ?? key?.range?.[0];
      if (isScalar(key) && offset !== undefined) valueLines[String(key.value)] ??= at(offset).line;
    }
  }
  problems.push(...bodyConflicts);
  return { meta, body: parts.body, bodyStartLine: parts.bodyStartLine, problems, hasFrontMatter: true, valueLines };
}

type Report = (range: readonly number[] | undefined, message: string, severity?: Problem['severity'], key?: string) => void;

function readKeys(doc: Document, meta: PostMeta, problem: Report): void {
  const map = doc.contents as unknown as { items: Array<{ key: Node | null; value: Node | null }> };
  const known = new Set<string>([...WRITER_KEYS, ...SITE_KEYS]);
  const seen = new Set<string>();
  /** Where each key is written: a page's rules are checked once every key is read. */
  const keyRanges = new Map<string, readonly number[] | undefined>();
  for (const { key, value } of map.items) {
    const name = isScalar(key) ? String(key.value) : '';
    const range = value?.range ?? key?.range ?? undefined;
    const keyRange = key?.range ?? undefined;
    if (seen.has(name)) {
      problem(keyRange, `"${name}" is given twice: keep one.`, 'error', name);
      continue;
    }
    seen.add(name);
    keyRanges.set(name, keyRange);
    const scalar = isScalar(value) ? value.value : undefined;
    const empty = value === null || scalar === null || (typeof scalar === 'string' && scalar.trim() === '');
    /** The value as text; a list, a map, true or false is an error on its line. */
    const text = (what: string): string | undefined => {
      if (empty) return undefined;
      if (typeof scalar === 'string' || typeof scalar === 'number') return String(scalar);
      problem(
        range,
        `"${name}" must be ${what}${isSeq(value) ? ', not a list' : isMap(value) ? ', not keys and values' : ''}.`,
        'error',
        name,
      );
      return undefined;
    };
    const names = (): string[] | undefined => {
      if (empty) return undefined;
      if (typeof scalar === 'string' || typeof scalar === 'number')
        return String(scalar)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      if (isSeq(value)) {
        const out: string[] = [];
        for (const item of value.items) {
          if (isScalar(item) && (typeof item.value === 'string' || typeof item.value === 'number')) out.push(String(item.value).trim());
          else problem((item as Node | null)?.range ?? range, `Each of "${name}" must be a name.`, 'error', name);
        }
        return out.filter(Boolean);
      }
      problem(range, `"${name}" must be a name or a list of names, such as [writing, travel].`, 'error', name);
      return undefined;
    };
    switch (name) {
      case 'title':
      case 'slug':
      case 'excerpt':
      case 'featured_image':
      case 'site':
      case 'url':
      case 'unconfirmed':
        meta[name] = text('text');
        break;
      case 'editor': {
        const e = text(`one of ${EDITORS.join(', ')}`);
        if (e === undefined) break;
        if ((EDITORS as readonly string[]).includes(e)) meta.editor = e as Editor;
        else problem(range, `Unknown editor "${e}": use blocks (the block editor's blocks) or classic.`, 'error', name);
        break;
      }
      case 'status': {
        const s = text(`one of ${FILE_STATUSES.join(', ')}`);
        if (s === undefined) break;
        if ((FILE_STATUSES as readonly string[]).includes(s)) meta.status = s as FileStatus;
        else problem(range, `Unknown status "${s}": use one of ${FILE_STATUSES.join(', ')}.`, 'error', name);
        break;
      }
      case 'date':
      case 'modified': {
        const d = text('a date');
        if (d === undefined) break;
        if (isIsoDate(d)) meta[name] = d;
        else problem(range, `"${name}" is not a date: write it as 2026-11-23 or 2026-11-23T09:30:00Z.`, 'error', name);
        break;
      }
      case 'tags':
      case 'categories':
        meta[name] = names();
        break;
      case 'type': {
        const t = text(`one of ${POST_TYPES.join(', ')}`);
        if (t === undefined) break;
        if ((POST_TYPES as readonly string[]).includes(t)) meta.type = t as PostType;
        else problem(range, `Unknown type "${t}": use post or page.`, 'error', name);
        break;
      }
      case 'parent':
      case 'menu_order': {
        const min = name === 'parent' ? 0 : -2147483648;
        if (typeof scalar === 'number' && Number.isSafeInteger(scalar) && scalar >= min && scalar <= 2147483647) meta[name] = scalar;
        else if (!empty)
          problem(
            range,
            name === 'parent'
              ? '"parent" must be the parent page\'s number on the site (0 for none).'
              : '"menu_order" must be a whole number (pages are ordered by it).',
            'error',
            name,
          );
        break;
      }
      case 'page_template':
        meta.page_template = text('text');
        break;
      case 'id': {
        if (typeof scalar === 'number' && Number.isSafeInteger(scalar) && scalar > 0) meta.id = scalar;
        else if (!empty) problem(range, '"id" must be the post\'s number on the site, as a publish wrote it.', 'error', name);
        break;
      }
      default:
        if (!known.has(name))
          problem(keyRange, `"${name}" is not a key this extension reads; it is kept in the file and not sent.`, 'warning', name);
    }
  }
  // Pages are not filed under categories or tags, and only pages have a parent, an order and a template.
  for (const terms of ['categories', 'tags'] as const)
    if (meta.type === 'page' && meta[terms]?.length)
      problem(keyRanges.get(terms), `A page has no ${terms}: remove "${terms}" (or make this a post).`, 'error', terms);
  for (const only of PAGE_KEYS)
    if (meta.type !== 'page' && meta[only] !== undefined)
      problem(keyRanges.get(only), `Only a page has "${only}": add "type: page", or remove it (it is not sent).`, 'warning', only);
}

export function errorsOf(parsed: ParsedPost): Problem[] {
  return parsed.problems.filter((p) => p.severity === 'error');
}

/** Keys to set in a file's front matter: a value sets it, `null` removes it, undefined leaves it. */
export type FrontMatterChanges = { [K in keyof PostMeta]?: PostMeta[K] | null };

/** What the site said of a post that its file keeps (from the site's answer, or from the file a publish returned). */
export type SiteFacts = Pick<PostMeta, 'status' | 'date' | 'id' | 'site' | 'url' | 'modified'>;

/**
 * The keys a publish or a pull writes into the file, and only these: the post's status (and its date
 * when it is scheduled) and every site key, `unconfirmed` removed (the site answered).
 */
export function siteKeys(facts: SiteFacts): FrontMatterChanges {
  const site: { [K in SiteKey]: FrontMatterChanges[K] } = {
    id: facts.id,
    site: facts.site,
    url: facts.url,
    modified: facts.modified,
    unconfirmed: null,
  };
  return { status: facts.status, ...(facts.status === 'future' ? { date: facts.date } : {}), ...site };
}

/**
 * The file with these keys set or removed, its comments, key order and body kept; keys it lacks
 * go at the end of the front matter. A file without front matter gets one.
 */
export function withFrontMatter(text: string, changes: FrontMatterChanges): string {
  const parts = split(text);
  const doc = parts ? parseDocument(parts.yaml, YAML_OPTIONS) : parseDocument('', YAML_OPTIONS);
  if (doc.errors.length) throw new Error('The front matter is not valid YAML.');
  if (!isMap(doc.contents)) doc.contents = doc.createNode({}) as never;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) {
      doc.delete(key);
      continue;
    }
    const node = doc.createNode(value);
    if (Array.isArray(value) && isSeq(node)) node.flow = true;
    doc.set(key, node);
  }
  const yaml = String(doc);
  const body = parts ? text.slice(parts.bodyOffset) : text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return `---${eol}${eol === '\n' ? yaml : yaml.replace(/\n/g, eol)}---${eol}${body}`;
}

/** The text of New Post: a draft with a title to change and the keys a writer uses. */
export function newPostText(now: Date): string {
  const date = now.toISOString().slice(0, 10);
  return [
    '---',
    'title: Untitled post',
    'status: draft',
    `# date: ${date}T09:00:00Z   (a publish with a future date is scheduled)`,
    'tags: []',
    'categories: []',
    '# excerpt: One sentence for lists and feeds.',
    '# featured_image: images/cover.jpg',
    '---',
    '',
    'Write here. An image in this workspace, linked as `![what it shows](photo.jpg)`, is uploaded when you publish.',
    '',
  ].join('\n');
}

/** The file with its body replaced, its front matter as it is. */
export function withBody(text: string, body: string): string {
  const parts = split(text);
  return parts ? text.slice(0, parts.bodyOffset) + body : body;
}
