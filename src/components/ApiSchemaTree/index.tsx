import Link from '@docusaurus/Link';
import { useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';

import type { ApiParameter, InlineText, SchemaNode } from '@site/src/shared/api-types';
import { useServerMarkup } from './ServerMarkup';
import styles from './styles.module.css';

/** Inline Markdown, parsed at build time into tokens. */
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
      {label}{' '}
      {values.map((value, index) => (
        <span key={value}>
          {index > 0 ? ', ' : ''}
          <code>{value}</code>
        </span>
      ))}
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
        <PropertyList nodes={node.properties ?? []} />,
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
          {variant.node.description.length > 0 ? (
            <p className={styles.description}>
              <ApiInline tokens={variant.node.description} />
            </p>
          ) : null}
          <NodeBody node={variant.node} />
        </li>
      ))}
    </ol>
  );
}

/** What a node contains, shown open: its properties, or its items, or its variants. */
function NodeBody({ node, top = false }: { node: SchemaNode; top?: boolean }): ReactNode {
  if (node.properties && node.properties.length > 0) {
    return <PropertyList nodes={node.properties} top={top} />;
  }
  if (node.items) {
    return <NodeBody node={node.items} />;
  }
  if (node.variants && node.variants.length > 0) {
    return <Variants node={node} />;
  }
  return null;
}

function PropertyList({ nodes, top = false }: { nodes: SchemaNode[]; top?: boolean }): ReactNode {
  return (
    <ApiFieldList level={top ? 'top' : 'nested'}>
      {nodes.map((node) => (
        <ApiField key={node.name} field={{ ...node, name: node.name ?? '' }} type={<TypeLabel node={node} />}>
          <Children node={node} />
        </ApiField>
      ))}
    </ApiFieldList>
  );
}

/**
 * A list of fields: the properties of a schema, or the parameters of an operation. A
 * top-level list on a page that hydrates keeps the server's markup (see ServerMarkup).
 */
export function ApiFieldList({
  level,
  children,
  ...attributes
}: {
  level: 'top' | 'nested';
  children: ReactNode;
} & ComponentPropsWithoutRef<'ul'>): ReactNode {
  const ref = useRef<HTMLUListElement>(null);
  const kept = useServerMarkup(ref, level === 'top');
  return (
    <ul ref={ref} className={`clean-list ${styles.list}`} data-schema-level={level} {...attributes} {...kept}>
      {kept ? null : children}
    </ul>
  );
}

interface ApiFieldProps {
  /** A schema's property or an operation's parameter. */
  field: SchemaNode & Partial<ApiParameter> & { name: string };
  /** The type as shown, where it links to shared schemas; else the field's type label. */
  type?: ReactNode;
  /** Where a parameter goes: path, query, header or cookie. */
  location?: string;
  /** Nested parts, shown below the field's facts. */
  children?: ReactNode;
}

/**
 * One field as a stacked row: name, type and flags on the first line, then the
 * description and the facts, each using the full width of the column.
 */
export function ApiField({ field, type = field.type, location, children }: ApiFieldProps): ReactNode {
  return (
    <li>
      <div className={styles.head} data-property-head="">
        {/* Spaces between the parts, which the flex layout sets apart: their text reads as words. */}
        <code
          className="text--semibold text--break"
          data-property-name=""
          data-parameter-name={location ? '' : undefined}
        >
          {field.name}
        </code>{' '}
        <span className={styles.muted}>{type}</span>{' '}
        {location ? (
          <>
            <span className={styles.muted} data-parameter-in="">
              in {location}
            </span>{' '}
          </>
        ) : null}
        {field.nullable ? (
          <>
            <span className={styles.flag}>nullable</span>{' '}
          </>
        ) : null}
        {field.required ? (
          <span className={styles.required}>required</span>
        ) : (
          <span className={styles.flag}>optional</span>
        )}
      </div>
      {field.description.length > 0 ? (
        <p className={styles.description}>
          <ApiInline tokens={field.description} />
        </p>
      ) : null}
      {field.enum ? (
        <Values label={field.enum.length === 1 ? 'Value:' : 'Allowed values:'} values={field.enum} />
      ) : null}
      {field.default !== undefined ? <Values label="Default:" values={[field.default]} /> : null}
      {field.constraints.length > 0 ? <p className={styles.fact}>Constraints: {field.constraints.join('; ')}</p> : null}
      {field.example !== undefined ? <Values label="Example:" values={[field.example]} /> : null}
      {children}
    </li>
  );
}

/**
 * A schema as a tree: the top level open, anything nested in expandable parts,
 * with required and nullable flags, enums, defaults, limits and labelled variants.
 * Nothing in it changes once rendered, so on a page that hydrates it keeps the
 * server's markup, and React walks none of it (see ServerMarkup).
 */
export default function ApiSchemaTree({ node }: { node: SchemaNode }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const kept = useServerMarkup(ref);
  return (
    <div ref={ref} className="margin-bottom--md" data-schema-tree="" {...kept}>
      {kept ? null : (
        <>
          <p className={`${styles.muted} margin-bottom--sm`}>
            Schema: <TypeLabel node={node} />
          </p>
          <NodeBody node={node} top />
        </>
      )}
    </div>
  );
}
