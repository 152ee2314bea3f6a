import type { TBinaryTree, TBinaryTreeNode } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import { binaryWindow, classicRows, namesIn, type TWindowSlot } from './binary-window';

const leg = { volume: '0.00', unpaid: '0.00', count: 0 };

/** A node of a tree answer: `children` its left and right ids (null: nobody). */
function node(
  id: number,
  parent: [number, 'left' | 'right'] | null,
  children: [number | null, number | null] = [null, null],
): TBinaryTreeNode {
  return {
    id,
    username: null,
    first_name: `P${id}`,
    last_name: 'T',
    tariff: null,
    status: null,
    side: 'left',
    left: leg,
    right: leg,
    parent_id: parent?.[0] ?? null,
    position: parent?.[1] ?? null,
    left_child_id: children[0],
    right_child_id: children[1],
  };
}

/** The ids of a drawn window, level by level; 0 for an empty place. */
function levelsOf(slot: TWindowSlot): number[][] {
  const levels: number[][] = [];
  const walk = (current: TWindowSlot, depth: number) => {
    (levels[depth] ??= []).push(current?.node.id ?? 0);
    if (current?.children) {
      walk(current.children.left, depth + 1);
      walk(current.children.right, depth + 1);
    }
  };
  walk(slot, 0);
  return levels;
}

// 1 has 2 (left) and 3 (right); 2 has 4 (left) only; 4 has 5 (left) below the window.
const tree: TBinaryTree = {
  root: node(1, null, [2, 3]),
  nodes: [
    node(2, [1, 'left'], [4, null]),
    node(3, [1, 'right']),
    node(4, [2, 'left'], [5, null]),
    node(5, [4, 'left']),
  ],
};

describe('the binary tree window', () => {
  test('three levels: empty places where a node has nobody, nothing drawn below the last level', () => {
    expect(levelsOf(binaryWindow(tree, 3))).toEqual([[1], [2, 3], [4, 0, 0, 0]]);
  });

  test('two levels on a phone', () => {
    expect(levelsOf(binaryWindow(tree, 2))).toEqual([[1], [2, 3]]);
  });

  test('the root among the nodes is no trouble, a child missing from the answer ends the window there', () => {
    const partial: TBinaryTree = { root: tree.root, nodes: [tree.root, node(2, [1, 'left'], [4, null])] };
    expect(levelsOf(binaryWindow(partial, 3))).toEqual([[1]]);
  });

  test('classic rows: depth first, left before right, only opened partners show their children', () => {
    const rows = (open: number[]) =>
      classicRows(tree, new Set(open)).map((row) => `${row.node.id}@${row.depth}${row.open ? '+' : ''}`);
    expect(rows([])).toEqual(['1@0+', '2@1', '3@1']);
    expect(rows([2])).toEqual(['1@0+', '2@1+', '4@2', '3@1']);
    expect(rows([2, 4])).toEqual(['1@0+', '2@1+', '4@2+', '5@3', '3@1']);
    expect(classicRows(tree, new Set()).find((row) => row.node.id === 3)?.expandable).toBe(false);
  });

  test('names for the way back come from every answer seen', () => {
    expect(namesIn([tree, undefined]).get(4)).toBe('P4 T');
  });
});
