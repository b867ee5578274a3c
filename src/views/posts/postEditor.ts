/**
 * What a post file open in the editor
 * gets — its diagnostics (front matter, images), the Quick Fix that copies an outside image in,
 * and categories and tags from the site (completion, the unknown-category warning, the hover).
 * A chunk of its own, imported with the first Markdown document (./postEditing.ts). What holds state (the site's terms, the chosen site) is passed in.
 */
import * as vscode from 'vscode';
import type { SiteTerms } from '../../models/siteTerms';
import type { UploadRules } from '../../writing/imageFiles';
import type { WritingModule } from '../../writing/writingModule';
import { ImageQuickFix } from './imageQuickFix';
import { placeOf } from './postPlace';
import { PostFileDiagnostics } from './postFileDiagnostics';
import { TermAssist } from './termAssist';

export interface PostEditorDeps {
  /** The chosen site's upload rules as known now (no request). */
  rules(w: WritingModule): UploadRules;
  terms: SiteTerms;
  /** The chosen site, when one is chosen and someone is signed in. */
  chosenSite(): string | undefined;
}

export interface PostEditor extends vscode.Disposable {
  /** Checks every open post file's categories again (another site, signed in or out, new terms). */
  recheckTerms(): void;
}

export function startPostEditor(deps: PostEditorDeps): PostEditor {
  const diagnostics = new PostFileDiagnostics(deps.rules, placeOf);
  const quickFix = new ImageQuickFix((doc, range) => diagnostics.targetAt(doc, range), placeOf);
  const quickFixes = vscode.languages.registerCodeActionsProvider({ language: 'markdown' }, quickFix, ImageQuickFix.metadata);
  const terms = new TermAssist(deps.terms, deps.chosenSite);
  return {
    recheckTerms: () => terms.checkAll(),
    dispose: () => {
      for (const part of [terms, quickFixes, quickFix, diagnostics]) part.dispose();
    },
  };
}
