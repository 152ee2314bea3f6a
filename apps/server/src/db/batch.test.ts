import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batched } from './batch';

/** A batched read that records each batch it was asked and answers each key doubled. */
function recorded(max?: number, fail?: (keys: number[]) => boolean) {
  const batches: number[][] = [];
  const read = batched(async (keys: number[]) => {
    batches.push(keys);
    if (fail?.(keys)) throw new Error(`failed on ${keys.join(',')}`);
    return keys.map((key) => key * 2);
  }, max);
  return { batches, read };
}

describe('batched reads', () => {
  it('answers the reads asked in one turn with one call, each with its own answer', async () => {
    const { batches, read } = recorded();
    expect(await Promise.all([read(1), read(2), read(2), read(5)])).toEqual([2, 4, 4, 10]);
    expect(batches).toEqual([[1, 2, 2, 5]]);
  });

  it('asks again for what is asked after the turn, also while a batch is still running', async () => {
    const { batches, read } = recorded();
    const first = read(1);
    await nextTurn();
    const second = read(2);
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(batches).toEqual([[1], [2]]);
  });

  it('splits a turn into batches of at most `max`', async () => {
    const { batches, read } = recorded(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(read))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every read of a failed batch, and only those', async () => {
    const { read } = recorded(2, (keys) => keys.includes(3));
    const answers = await Promise.allSettled([1, 2, 3, 4].map(read));
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect(answers[2]).toMatchObject({ reason: new Error('failed on 3,4') });
    expect(await read(3).catch((error: Error) => error.message)).toBe('failed on 3');
  });
});
