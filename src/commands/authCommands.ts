import * as vscode from 'vscode';
import type { AuthService } from '../auth';
import { COMMANDS } from '../ids';

export function registerAuthCommands({ auth }: { auth: Pick<AuthService, 'signIn' | 'signInWithToken' | 'signOut'> }): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.signIn, () => auth.signIn()),
    vscode.commands.registerCommand(COMMANDS.signInWithToken, () => auth.signInWithToken()),
    vscode.commands.registerCommand(COMMANDS.signOut, () => auth.signOut()),
  ];
}
