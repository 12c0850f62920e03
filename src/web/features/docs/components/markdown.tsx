/**
 * Draws the Markdown tree the generator made (reference-data.ts Block/Inline) with plain React elements:
 * no Markdown library and no innerHTML in the browser. Links inside the portal use the router.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from '../../../../shared/portal-data/reference-page';
import { CopyButton } from '../../../components/copy-button';

export function InlineText({ nodes }: { nodes: readonly Inline[] | undefined }): ReactNode {
  if (!nodes) return null;
  return nodes.map((node, index) => {
    if (typeof node === 'string') return <Fragment key={index}>{node}</Fragment>;
    switch (node.t) {
      case 'code':
        return <code key={index}>{node.v}</code>;
      case 'strong':
        return (
          <strong key={index}>
            <InlineText nodes={node.c} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineText nodes={node.c} />
          </em>
        );
      case 'a':
        return node.href.startsWith('/') ? (
          <Link key={index} to={node.href}>
            <InlineText nodes={node.c} />
          </Link>
        ) : (
          <a key={index} href={node.href} {...(node.href.startsWith('#') ? {} : { target: '_blank', rel: 'noreferrer' })}>
            <InlineText nodes={node.c} />
          </a>
        );
    }
  });
}

interface MarkdownProps {
  blocks: readonly Block[] | undefined;
  /** Heading levels are shifted so the page keeps one h1 (a Markdown `##` under an h2 becomes an h3). */
  headingOffset?: number;
  /** Text replacements for code blocks, e.g. the spec's example host -> this portal's origin. */
  rewriteCode?: (code: string) => string;
}

export function Markdown({ blocks, headingOffset = 1, rewriteCode }: MarkdownProps): ReactNode {
  if (!blocks) return null;
  return blocks.map((block, index) => {
    switch (block.t) {
      case 'h': {
        const level = Math.min(6, block.level + headingOffset);
        const Heading = `h${level}` as 'h2';
        return (
          <Heading key={index} id={block.id} className="md-heading">
            <a href={`#${block.id}`} className="heading-link">
              <InlineText nodes={block.c} />
            </a>
          </Heading>
        );
      }
      case 'p':
        return (
          <p key={index}>
            <InlineText nodes={block.c} />
          </p>
        );
      case 'pre': {
        const code = rewriteCode ? rewriteCode(block.v) : block.v;
        // Every code block of the prose pages can be copied as shown (the portal's origin already in it).
        return (
          <div key={index} className="code-block-wrap">
            <pre className="code-block">
              <code>{code}</code>
            </pre>
            <span className="code-block-copy">
              <CopyButton label={`Copy ${block.lang || 'code'}`} text={code} />
            </span>
          </div>
        );
      }
      case 'ul':
      case 'ol': {
        const List = block.t;
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Markdown blocks={item} headingOffset={headingOffset} {...(rewriteCode ? { rewriteCode } : {})} />
              </li>
            ))}
          </List>
        );
      }
      case 'quote':
        return (
          <blockquote key={index}>
            <Markdown blocks={block.c} headingOffset={headingOffset} {...(rewriteCode ? { rewriteCode } : {})} />
          </blockquote>
        );
      case 'table':
        return (
          <div key={index} className="table-scroll">
            <table className="md-table">
              <thead>
                <tr>
                  {block.head.map((cell, cellIndex) => (
                    <th key={cellIndex} scope="col">
                      <InlineText nodes={cell} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, cellIndex) => (
                      <td key={cellIndex}>
                        <InlineText nodes={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
    }
  });
}
