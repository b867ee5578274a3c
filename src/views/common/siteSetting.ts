import * as vscode from 'vscode';
import { chosenSite, onDidChangeSetting, setChosenSite } from '../../config';
import { CONTEXT_KEYS, STORAGE_KEYS } from '../../ids';
import type { ChosenSite } from '../../models/chosenSite';
import { rememberSite } from '../../models/siteInput';
import { SETTINGS } from '../../settings';

/**
 * Binds the chosen site to the `contentSite.site` setting (both ways: `rememberedSites(…).choose`
 * writes it), and alone sets the `contentSite.siteChosen` context key.
 */
export function bindSiteSetting(chosen: ChosenSite): vscode.Disposable[] {
  const setContext = () => void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.siteChosen, chosen.site !== undefined);
  chosen.set(chosenSite());
  setContext();
  const sub = chosen.onDidChange(setContext);
  return [{ dispose: () => sub.dispose() }, onDidChangeSetting(SETTINGS.site, () => chosen.set(chosenSite()))];
}

/** The recent sites, kept in the extension's global state; `choose` remembers a site and writes it into the setting. */
export function rememberedSites(state: vscode.Memento): { choose(site: string): Promise<void>; recent(): string[] } {
  return {
    recent: () => state.get<string[]>(STORAGE_KEYS.recentSites, []),
    choose: async (site: string) => {
      await state.update(STORAGE_KEYS.recentSites, rememberSite(state.get<string[]>(STORAGE_KEYS.recentSites, []), site));
      await setChosenSite(site);
    },
  };
}
