import * as vscode from 'vscode';

// Composition root: wires the api client, auth, views and commands together. (Filled in by the
// extension work; for now the bundle only proves the build.)
export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
