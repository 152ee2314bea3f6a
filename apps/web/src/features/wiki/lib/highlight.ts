/** A folded character (lower case, accents off) stands for the original one at the same place. */
const foldChar = (char: string) => char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * `text` cut into pieces, `hit` where a word of `query` is, found as the server finds it (case
 * and accents do not matter): "depósito" is marked for the query "deposito".
 */
export function highlight(text: string, query: string): { text: string; hit: boolean }[] {
  const words = query
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => [...word].map(foldChar).join(''))
    .filter(Boolean);
  const chars = [...text];
  const folded = chars.map(foldChar);
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    for (let start = 0; start < chars.length; start += 1) {
      let taken = '';
      let end = start;
      while (end < chars.length && taken.length < word.length) taken += folded[end++];
      if (taken === word) marked.fill(true, start, end);
    }
  }
  const pieces: { text: string; hit: boolean }[] = [];
  chars.forEach((char, index) => {
    const last = pieces.at(-1);
    if (last && last.hit === marked[index]) last.text += char;
    else pieces.push({ text: char, hit: marked[index]! });
  });
  return pieces;
}
