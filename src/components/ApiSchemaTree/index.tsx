import Link from '@docusaurus/Link';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import type { ApiParameter, InlineText, SchemaNode } from '@site/src/shared/api-types';
import styles from './styles.module.css';

export function ApiInline({ tokens }: { tokens: InlineText }): ReactNode {
  return tokens.map((token, index) => {
    if (token.kind === 'text') {
      return token.text;
    }
    if (token.kind === 'link') {
      return (
        <Link key={index} to={token.href}>
          {token.text}
        </Link>
      );
    }
    // The other kinds are named after their elements: code, strong and em.
    const Element = token.kind;
    return <Element key={index}>{token.text}</Element>;
  });
}

/** A description as a paragraph of its own; nothing when there is none. */
export function ApiDescription({ tokens, className }: { tokens: InlineText; className?: string }): ReactNode {
  return tokens.length > 0 ? (
    <p className={className}>
      <ApiInline tokens={tokens} />
    </p>
  ) : null;
}

function RefLink({ schemaRef }: { schemaRef: NonNullable<SchemaNode['ref']> }): ReactNode {
  return schemaRef.href ? <Link to={schemaRef.href}>{schemaRef.name}</Link> : <span>{schemaRef.name}</span>;
}

/** The type, linking any shared schema it names: `Tools (array of Tool)`, `array of Assistant`. */
function TypeLabel({ node }: { node: SchemaNode }): ReactNode {
  const itemRef = node.items?.ref;
  const type =
    itemRef && node.type === `array of ${itemRef.name}` ? (
      <>
        array of <RefLink schemaRef={itemRef} />
      </>
    ) : (
      node.type
    );
  return node.ref ? (
    <>
      <RefLink schemaRef={node.ref} /> ({type})
    </>
  ) : (
    type
  );
}

function Values({ label, values }: { label: string; values: string[] }): ReactNode {
  return (
    <p className={styles.fact}>
      {label} {values.map((value, index) => [index > 0 && ', ', <code key={value}>{value}</code>])}
    </p>
  );
}

/** The nested parts of a node, folded away until the reader opens them. */
function Children({ node }: { node: SchemaNode }): ReactNode {
  const owner = node.name ? <code>{node.name}</code> : 'this value';
  const fold = (key: string, summary: ReactNode, body: ReactNode) => (
    <details key={key} className={styles.children}>
      <summary>{summary}</summary>
      {body}
    </details>
  );
  const count = node.properties?.length ?? 0;
  return [
    count > 0 &&
      fold(
        'properties',
        <>
          Show {`${count} ${count === 1 ? 'property' : 'properties'}`} of {owner}
        </>,
        <ApiFields nodes={node.properties ?? []} />,
      ),
    node.items && fold('items', <>Show what each item of {owner} holds</>, <NodeBody node={node.items} />),
    node.variants &&
      node.variants.length > 0 &&
      fold(
        'variants',
        <>
          Show the {node.variants.length} variants of {owner} ({node.variantKind === 'anyOf' ? 'any of' : 'one of'})
        </>,
        <Variants node={node} />,
      ),
  ];
}

function Variants({ node }: { node: SchemaNode }): ReactNode {
  return (
    <ol className="clean-list margin-top--sm">
      {node.variants?.map((variant) => (
        <li key={variant.label} className="card padding--sm margin-bottom--sm">
          <p className="margin-bottom--none text--semibold">
            <span className={styles.flag}>{node.variantKind === 'anyOf' ? 'Any of' : 'One of'}</span>{' '}
            {variant.node.ref ? <RefLink schemaRef={variant.node.ref} /> : null}{' '}
            <span>{variant.node.ref ? variant.label.replace(variant.node.ref.name, '').trim() : variant.label}</span>
          </p>
          <ApiDescription tokens={variant.node.description} className={styles.description} />
          <NodeBody node={variant.node} />
        </li>
      ))}
    </ol>
  );
}

/** What a node contains, shown open: its properties, or its items, or its variants. */
function NodeBody({ node, top = false }: { node: SchemaNode; top?: boolean }): ReactNode {
  return node.properties?.length ? (
    <ApiFields nodes={node.properties} top={top} />
  ) : node.items ? (
    <NodeBody node={node.items} />
  ) : node.variants?.length ? (
    <Variants node={node} />
  ) : null;
}

/**
 * A list of fields, each a stacked row: the properties of a schema, or the parameters of an
 * operation, which say where they go. Name, type and flags on the first line, then the
 * description and the facts, each using the full width of the column, then nested parts.
 */
export function ApiFields({
  nodes,
  top = false,
  ...attributes
}: { nodes: (SchemaNode & Partial<ApiParameter>)[]; top?: boolean } & ComponentPropsWithoutRef<'ul'>): ReactNode {
  return (
    <ul className={`clean-list ${styles.list}`} data-schema-level={top ? 'top' : 'nested'} {...attributes}>
      {nodes.map((field) => (
        <li key={[field.in, field.name].join(':')}>
          <div data-property-head="">
            <code
              className="text--semibold text--break"
              data-property-name=""
              data-parameter-name={field.in ? '' : undefined}
            >
              {field.name}
            </code>{' '}
            <span className={styles.muted}>
              <TypeLabel node={field} />
            </span>{' '}
            {field.in ? (
              <>
                <span className={styles.muted} data-parameter-in="">
                  in {field.in}
                </span>{' '}
              </>
            ) : null}
            {field.nullable ? (
              <>
                <span className={styles.flag}>nullable</span>{' '}
              </>
            ) : null}
            <span className={field.required ? styles.required : styles.flag}>
              {field.required ? 'required' : 'optional'}
            </span>
          </div>
          <ApiDescription tokens={field.description} className={styles.description} />
          {field.enum ? (
            <Values label={field.enum.length === 1 ? 'Value:' : 'Allowed values:'} values={field.enum} />
          ) : null}
          {field.default !== undefined ? <Values label="Default:" values={[field.default]} /> : null}
          {field.constraints.length > 0 ? (
            <p className={styles.fact}>Constraints: {field.constraints.join('; ')}</p>
          ) : null}
          {field.example !== undefined ? <Values label="Example:" values={[field.example]} /> : null}
          <Children node={field} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A schema as a tree: the top level open, anything nested in expandable parts,
 * with required and nullable flags, enums, defaults, limits and labelled variants.
 * The nested parts are native details elements, which open and close without React.
 */
export default function ApiSchemaTree({ node }: { node: SchemaNode }): ReactNode {
  return (
    <div className="margin-bottom--md">
      <p className={`${styles.muted} margin-bottom--sm`}>
        Schema: <TypeLabel node={node} />
      </p>
      <NodeBody node={node} top />
    </div>
  );
}
