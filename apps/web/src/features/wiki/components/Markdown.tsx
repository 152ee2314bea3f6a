import { Anchor, Code, List, Table, Text, Title } from '@mantine/core';
import { parseMarkdown, type TMarkdownBlock, type TMarkdownInline } from '@portal/contracts/markdown';
import { Link } from 'react-router';

function Inline({ nodes }: { nodes: TMarkdownInline[] }) {
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

function Block({ block }: { block: TMarkdownBlock }) {
  switch (block.kind) {
    case 'heading':
      // The article's title is the page's h1: its text's headings start at h2.
      return (
        <Title order={(block.level + 1) as 2 | 3 | 4} mt="md">
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

/**
 * An article's Markdown as React elements (read by `@portal/contracts/markdown`, as the server reads
 * it for search): no HTML from the text is ever rendered.
 */
export function Markdown({ source }: { source: string }) {
  return parseMarkdown(source).map((block, index) => <Block key={index} block={block} />);
}
