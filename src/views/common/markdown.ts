/** Text from the service shown in a Markdown tooltip: every character Markdown would read as syntax is escaped. */
export function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>$]/g, '\\$&');
}
