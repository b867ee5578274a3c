import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { CommandContext } from './commandContext';

export function registerAuthCommands(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.signIn, () => ctx.auth.signIn()),
    vscode.commands.registerCommand(COMMANDS.signInWithToken, () => ctx.auth.signInWithToken()),
    vscode.commands.registerCommand(COMMANDS.signOut, () => ctx.auth.signOut()),
  ];
}
