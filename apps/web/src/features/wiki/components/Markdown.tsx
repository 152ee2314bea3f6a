import { Anchor, Code, List, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { parseMarkdown, type TBlock, type TInline } from '../lib/markdown';

function Inline({ nodes }: { nodes: TInline[] }) {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <Code key={index}>{node.text}</Code>;
      case 'strong':
        return (
          <strong key={index}>
            <Inline nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <Inline nodes={node.children} />
          </em>
        );
      case 'link':
        return node.href.startsWith('/') ? (
          <Anchor key={index} component={Link} to={node.href}>
            <Inline nodes={node.children} />
          </Anchor>
        ) : (
          <Anchor key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            <Inline nodes={node.children} />
          </Anchor>
        );
    }
  });
}

function Block({ block }: { block: TBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Title order={block.level} mt="md">
          <Inline nodes={block.children} />
        </Title>
      );
    case 'paragraph':
      return (
        <Text>
          <Inline nodes={block.children} />
        </Text>
      );
    case 'list':
      return (
        <List type={block.ordered ? 'ordered' : 'unordered'} spacing={4}>
          {block.items.map((item, index) => (
            <List.Item key={index}>
              <Inline nodes={item} />
            </List.Item>
          ))}
        </List>
      );
    case 'table':
      return (
        <Table withTableBorder maw={480}>
          <Table.Thead>
            <Table.Tr>
              {block.head.map((cell, index) => (
                <Table.Th key={index}>
                  <Inline nodes={cell} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.rows.map((row, index) => (
              <Table.Tr key={index}>
                {row.map((cell, column) => (
                  <Table.Td key={column}>
                    <Inline nodes={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
  }
}

/** An article's Markdown as React elements (lib/markdown.ts): no HTML from the text is ever rendered. */
export function Markdown({ source }: { source: string }) {
  return parseMarkdown(source).map((block, index) => <Block key={index} block={block} />);
}
