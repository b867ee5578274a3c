import * as vscode from 'vscode';
import type { CommandContext } from './commandContext';

export function registerAuthCommands(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('contentSite.signIn', () => ctx.auth.signIn()),
    vscode.commands.registerCommand('contentSite.signInWithToken', () => ctx.auth.signInWithToken()),
    vscode.commands.registerCommand('contentSite.signOut', () => ctx.auth.signOut()),
  ];
}
