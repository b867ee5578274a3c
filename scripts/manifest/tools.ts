/**
 * What package.json contributes for the language model tools (src/tools/toolCatalog.ts): each
 * tool's name, `#` reference, names for people, description for the model, icon and JSON input
 * schema (made from the catalog's zod schema). `npm run manifest` writes it as
 * `contributes.languageModelTools`; the unit test `test/unit/tools/toolCatalog.test.ts` holds package.json to it.
 */
import { toJSONSchema } from 'zod/v4-mini';
import { TOOLS, type ToolSpec } from '../../src/tools/toolCatalog';

/** A tool's JSON input schema, as the manifest declares it (made from the catalog's zod schema). */
export function inputSchema(t: ToolSpec): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = toJSONSchema(t.input) as Record<string, unknown>;
  return schema;
}

export interface ManifestTool {
  name: string;
  toolReferenceName: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  canBeReferencedInPrompt: true;
  icon: string;
  tags: string[];
  inputSchema: Record<string, unknown>;
}

export function toolsManifest(tools: readonly ToolSpec[] = TOOLS): ManifestTool[] {
  return tools.map((t) => ({
    name: t.name,
    toolReferenceName: t.reference,
    displayName: t.displayName,
    userDescription: t.userDescription,
    modelDescription: t.modelDescription,
    canBeReferencedInPrompt: true,
    icon: t.icon,
    tags: ['contentSite', t.writes ? 'contentSite-changes' : 'contentSite-reads'],
    inputSchema: inputSchema(t),
  }));
}
