import * as vscode from 'vscode';
import type { SiteTerm } from '../../api';
import type { WritingModule } from '../../writing/writingModule';
import { Disposable } from '../../models/disposable';
import type { SiteTerms } from '../../models/siteTerms';
import type { TermMention } from '../../writing/frontMatterTerms';
import { hover } from '../common/hover';
import { isPostFile } from './imageDrop';
import { KeyedDebounce } from '../../models/keyedDebounce';
import { DIAGNOSTIC_SOURCE } from './postFileDiagnostics';

/** The code of a category the site does not have: its Quick Fix names the closest one the site has. */
export const UNKNOWN_CATEGORY_CODE = 'unknown-category';
const DEBOUNCE_MS = 300;

/** An unknown category's diagnostic remembers the closest name the site has, for the Quick Fix. */
class UnknownCategory extends vscode.Diagnostic {
  constructor(
    range: vscode.Range,
    message: string,
    readonly closest: string | undefined,
  ) {
    super(range, message, vscode.DiagnosticSeverity.Warning);
    this.source = DIAGNOSTIC_SOURCE;
    this.code = UNKNOWN_CATEGORY_CODE;
  }
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
const named = (terms: readonly SiteTerm[], name: string) => terms.find((t) => sameName(t.name, name) || t.slug === name);
const postsText = (n: number | undefined) => (n === undefined ? '' : n === 1 ? vscode.l10n.t('1 post') : vscode.l10n.t('{0} posts', n));

/**
 * Categories and tags in a post file's front matter, from the site: completion as they are typed
 * (most used first), a warning on a category the site does not have ("publishing creates it",
 * and the closest name it has, with a Quick Fix to use it), and a term's post count on hover.
 * The terms come from SiteTerms (kept per site, read again when old); the site is the file's
 * `site:`, else the chosen one.
 */
export class TermAssist
  extends Disposable
  implements vscode.CompletionItemProvider, vscode.HoverProvider, vscode.CodeActionProvider, vscode.Disposable
{
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('content-site-terms'));
  private readonly typed = new KeyedDebounce(DEBOUNCE_MS);

  constructor(
    private readonly terms: SiteTerms,
    /** The chosen site, when one is chosen and someone is signed in (no terms are read otherwise). */
    private readonly chosenSite: () => string | undefined,
  ) {
    super();
    const markdown = { language: 'markdown' };
    this.registerAll([
      vscode.languages.registerCompletionItemProvider(markdown, this, ' ', '[', ',', '-'),
      vscode.languages.registerHoverProvider(markdown, this),
      vscode.languages.registerCodeActionsProvider(markdown, this, TermAssist.metadata),
      vscode.workspace.onDidOpenTextDocument((d) => void this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.later(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.typed.cancel(d.uri.toString());
        this.collection.delete(d.uri);
      }),
    ]);
    this.register(this.typed);
    this.checkAll();
  }

  /** Every open post file again (the site's terms arrived, another site was chosen, signed in or out). */
  checkAll(): void {
    for (const d of vscode.workspace.textDocuments) void this.check(d);
  }

  async provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[] | undefined> {
    if (!isPostFile(doc)) return undefined;
    const w = await import('../../writing/index');
    const text = doc.getText();
    const slot = w.termSlotAt(text, position.line, position.character);
    const site = slot && this.siteOf(w, text);
    if (!slot || !site) return undefined;
    const terms = await this.terms.get(site, slot.kind).catch(() => undefined);
    if (!terms) return undefined;
    const range = new vscode.Range(slot.line, slot.start, slot.line, slot.end);
    const order = [...terms].sort((a, b) => (b.post_count ?? 0) - (a.post_count ?? 0));
    return order.map((t, i) => {
      const item = new vscode.CompletionItem(
        { label: t.name, description: postsText(t.post_count) },
        slot.kind === 'categories' ? vscode.CompletionItemKind.Folder : vscode.CompletionItemKind.Keyword,
      );
      item.insertText = w.termText(t.name, slot.inFlow);
      item.filterText = t.name;
      item.range = range;
      item.sortText = String(i).padStart(6, '0');
      if (t.description) item.documentation = t.description;
      return item;
    });
  }

  async provideHover(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    if (!isPostFile(doc)) return undefined;
    const w = await import('../../writing/index');
    const text = doc.getText();
    const at = w.termMentions(text).find((m) => m.line === position.line && position.character >= m.start && position.character <= m.end);
    const site = at && this.siteOf(w, text);
    if (!at || !site) return undefined;
    const terms = await this.terms.get(site, at.kind).catch(() => undefined);
    const term = terms && named(terms, at.name);
    const what = at.kind === 'categories' ? vscode.l10n.t('Category') : vscode.l10n.t('Tag');
    const shown = term
      ? hover`**${what} ${term.name}** · ${postsText(term.post_count)}\n\n${term.description}`
      : hover`${
          terms
            ? vscode.l10n.t('{0} has no {1} “{2}”: publishing creates it.', site, what.toLowerCase(), at.name)
            : vscode.l10n.t("The site's {0} could not be read.", at.kind)
        }`;
    return new vscode.Hover(shown, new vscode.Range(at.line, at.start, at.line, at.end));
  }

  async provideCodeActions(
    doc: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): Promise<vscode.CodeAction[]> {
    if (!context.diagnostics.some((d) => d instanceof UnknownCategory && d.closest)) return [];
    const w = await import('../../writing/index');
    const out: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      if (!(d instanceof UnknownCategory) || !d.closest) continue;
      const closest = d.closest;
      const action = new vscode.CodeAction(vscode.l10n.t('Use the category “{0}”', closest), vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      // The name as written is replaced by the site's, quoted as YAML needs it where it stands.
      const inFlow = doc.lineAt(d.range.start.line).text.slice(0, d.range.start.character).includes('[');
      action.edit.replace(doc.uri, d.range, w.termText(closest, inFlow));
      action.diagnostics = [d];
      action.isPreferred = true;
      out.push(action);
    }
    return out;
  }

  private later(doc: vscode.TextDocument): void {
    this.typed.later(doc.uri.toString(), () => void this.check(doc));
  }

  private async check(doc: vscode.TextDocument): Promise<void> {
    if (!isPostFile(doc)) {
      if (this.collection.has(doc.uri)) this.collection.delete(doc.uri);
      return;
    }
    const w = await import('../../writing/index');
    const text = doc.getText();
    const site = this.siteOf(w, text);
    const mentions = site ? w.termMentions(text).filter((m) => m.kind === 'categories') : [];
    // What is known now (a read starts when nothing is, and checks again when it arrives).
    const known = site && mentions.length ? this.terms.peek(site, 'categories') : undefined;
    this.collection.set(doc.uri, known ? unknownCategories(w, mentions, known, site!) : []);
  }

  private siteOf(w: WritingModule, text: string): string | undefined {
    const chosen = this.chosenSite();
    if (chosen === undefined) return undefined;
    return w.parsePostFile(text).meta.site ?? chosen;
  }
}

function unknownCategories(
  w: WritingModule,
  mentions: readonly TermMention[],
  known: readonly SiteTerm[],
  site: string,
): vscode.Diagnostic[] {
  const names = known.map((t) => t.name);
  return mentions
    .filter((m) => !named(known, m.name))
    .map((m) => {
      const closest = w.closestName(m.name, names);
      const message = closest
        ? vscode.l10n.t('{0} has no category “{1}”: publishing creates it. Closest: “{2}”.', site, m.name, closest)
        : vscode.l10n.t('{0} has no category “{1}”: publishing creates it (where you may create categories).', site, m.name);
      return new UnknownCategory(new vscode.Range(m.line, m.start, m.line, m.end), message, closest);
    });
}
