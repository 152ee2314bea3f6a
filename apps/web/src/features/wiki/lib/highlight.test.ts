import { describe, expect, it } from 'vitest';
import { highlight } from './highlight';

describe('search highlight', () => {
  it('marks the words of the query whatever their case and accents', () => {
    expect(highlight('Faça um depósito em USDT', 'DEPOSITO usdt')).toEqual([
      { text: 'Faça um ', hit: false },
      { text: 'depósito', hit: true },
      { text: ' em ', hit: false },
      { text: 'USDT', hit: true },
    ]);
    expect(highlight('Бинар бонус', 'бонус')).toEqual([
      { text: 'Бинар ', hit: false },
      { text: 'бонус', hit: true },
    ]);
    expect(highlight('nothing', '')).toEqual([{ text: 'nothing', hit: false }]);
  });
});
