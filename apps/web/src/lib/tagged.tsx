import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated text with marked parts, `I accept the <agreement>User Agreement</agreement>`, each
 * part rendered by its function (a link, say): word order stays the translator's. Unknown tags
 * are shown as their text. Smaller than react-i18next's Trans, which the first screen would load.
 */
export function tagged(text: string, parts: Record<string, (children: string) => ReactNode>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const render = parts[match[1]!];
    nodes.push(<Fragment key={match.index}>{render ? render(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
