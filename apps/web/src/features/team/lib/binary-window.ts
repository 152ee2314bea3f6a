import type { TBinaryTree, TBinaryTreeNode } from '@portal/contracts';

/** A place under a node in the window: the partner there, or null for an empty place. */
export type TWindowSlot = TWindowNode | null;

/** A node of the shown window with its two places below (null below the window's last level). */
export type TWindowNode = {
  node: TBinaryTreeNode;
  children: { left: TWindowSlot; right: TWindowSlot } | null;
};

/** Every node of an answer by parent and side (the root may or may not be among `nodes`). */
function childIndex(tree: TBinaryTree): Map<string, TBinaryTreeNode> {
  const index = new Map<string, TBinaryTreeNode>();
  for (const node of tree.nodes) {
    if (node.parent_id !== null && node.position !== null)
      index.set(`${node.parent_id}:${node.position}`, node);
  }
  return index;
}

/**
 * The binary tree window to draw: `levels` levels from the root (the root is the first), each
 * node with its left and right places; a place is empty when the node has no partner on that
 * side. A child the answer does not hold although the node has one ends the window there.
 */
export function binaryWindow(tree: TBinaryTree, levels: number): TWindowNode {
  const index = childIndex(tree);
  const build = (node: TBinaryTreeNode, level: number): TWindowNode => {
    if (level >= levels) return { node, children: null };
    const slot = (side: 'left' | 'right', childId: number | null): TWindowSlot | undefined => {
      if (childId === null) return null;
      const child = index.get(`${node.id}:${side}`);
      return child ? build(child, level + 1) : undefined;
    };
    const left = slot('left', node.left_child_id);
    const right = slot('right', node.right_child_id);
    if (left === undefined || right === undefined) return { node, children: null };
    return { node, children: { left, right } };
  };
  return build(tree.root, 1);
}

/** A row of the classic (indented) tree. */
export type TClassicRow = {
  node: TBinaryTreeNode;
  depth: number;
  /** Whether the partner has anyone below. */
  expandable: boolean;
  open: boolean;
};

/**
 * The classic tree's rows, depth first, left before right: the root always open, other nodes open
 * when in `open` and their children are in the answer (toggled_ids of get-binary-tree).
 */
export function classicRows(tree: TBinaryTree, open: ReadonlySet<number>): TClassicRow[] {
  const index = childIndex(tree);
  const rows: TClassicRow[] = [];
  const visit = (node: TBinaryTreeNode, depth: number) => {
    const expandable = node.left_child_id !== null || node.right_child_id !== null;
    const isOpen = expandable && (depth === 0 || open.has(node.id));
    rows.push({ node, depth, expandable, open: isOpen });
    if (!isOpen) return;
    for (const side of ['left', 'right'] as const) {
      const child = index.get(`${node.id}:${side}`);
      if (child) visit(child, depth + 1);
    }
  };
  visit(tree.root, 0);
  return rows;
}

/** The names seen in tree answers, for the way back (breadcrumb). */
export function namesIn(trees: (TBinaryTree | undefined)[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const tree of trees) {
    if (!tree) continue;
    for (const node of [tree.root, ...tree.nodes]) names.set(node.id, `${node.first_name} ${node.last_name}`);
  }
  return names;
}
