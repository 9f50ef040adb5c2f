import CodeBlock from '@theme/CodeBlock';
import TOCCollapsible, { type Props as TOCCollapsibleProps } from '@theme/TOCCollapsible';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import clsx from 'clsx';
import type { ReactNode } from 'react';

import ApiSchemaTree, { ApiDescription, ApiFields, ApiInline } from '@site/src/components/ApiSchemaTree';
import type { ApiExample, ApiOperationPage, ApiResponse as ApiResponseData } from '@site/src/shared/api-types';
import treeStyles from '../ApiSchemaTree/styles.module.css';
import ApiExamples from './Examples';
import styles from './styles.module.css';

interface OperationProps {
  operation: ApiOperationPage;
}

/**
 * The method and path, the full URL on the default server, and the description's downloads.
 * @public The pages src/plugins/api-reference/generate.ts writes import it.
 */
export function ApiOperationHeader({ operation }: OperationProps): ReactNode {
  return (
    <div className="card padding--md margin-bottom--lg" data-api-endpoint="">
      <p className="margin-bottom--sm">
        <span className={styles.badge} data-method={operation.method.toLowerCase()}>
          {operation.method.toUpperCase()}
        </span>{' '}
        <code className="text--break" data-api-path="">
          {operation.path}
        </code>
      </p>
      <p className={clsx(treeStyles.muted, 'margin-bottom--none')}>
        Server: <code>{operation.serverUrl}</code>
        <span aria-hidden="true"> · </span>
        OpenAPI description:{' '}
        <a href={operation.downloads.yaml} download>
          openapi.yaml
        </a>
        ,{' '}
        <a href={operation.downloads.json} download>
          openapi.json
        </a>
      </p>
    </div>
  );
}

/** @public The pages src/plugins/api-reference/generate.ts writes import it. */
export function ApiAuthentication({ operation }: OperationProps): ReactNode {
  const { security } = operation;
  if (security.schemes.length === 0) {
    return <p>No authentication.</p>;
  }
  return (
    <ul>
      {security.schemes.map((scheme) => (
        <li key={scheme.name}>
          <strong>{scheme.label}</strong> ({security.optional ? 'optional' : 'required'}).{' '}
          <ApiInline tokens={scheme.description} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Every parameter with where it goes, its type, whether it is required, its default and
 * limits: the same stacked rows as the request body's properties.
 * @public The pages src/plugins/api-reference/generate.ts writes import it.
 */
export function ApiParameters({ operation }: OperationProps): ReactNode {
  return (
    <section className="margin-bottom--md" aria-label="Parameters">
      <ApiFields nodes={operation.parameters} top data-api-parameters="" />
    </section>
  );
}

/** @public The pages src/plugins/api-reference/generate.ts writes import it, for an operation with a body. */
export function ApiRequestBody({ operation }: { operation: Required<ApiOperationPage> }): ReactNode {
  const body = operation.requestBody;
  return (
    <div data-api-request-body="">
      <p className={clsx(treeStyles.muted, 'margin-bottom--sm')}>
        Content type: <code>{body.contentType}</code>
        <span aria-hidden="true"> · </span>
        {body.required ? 'required' : 'optional'}
      </p>
      <ApiDescription tokens={body.description} />
      <ApiSchemaTree node={body.schema} />
      <Example title="Example request body" item={body} />
    </div>
  );
}

/** The response whose example stands beside the reference: the first success with an example. */
function featuredResponse(operation: ApiOperationPage): ApiResponseData | undefined {
  return operation.responses.find((response) => response.status.startsWith('2') && response.highlightedExample);
}

function Example({ title, item, className }: { title: string; item: ApiExample; className?: string }): ReactNode {
  // The page data holds each example in its highlighted form only.
  return item.highlightedExample ? (
    <CodeBlock title={title} highlighted={item.highlightedExample} className={className}>
      {item.example}
    </CodeBlock>
  ) : null;
}

/**
 * The page below the method and path. From 1280 px of viewport, two columns: the
 * reference on the left, with the page's contents as a collapsible list at its top,
 * and on the right the code samples and the example response, which stay in view
 * while the reader scrolls (each block scrolls on its own when taller than the
 * screen). Narrower, one column: contents, samples, then the reference. Plain CSS:
 * the layout costs no JavaScript.
 * @public The pages src/plugins/api-reference/generate.ts writes import it.
 */
export function ApiOperationLayout({
  operation,
  toc,
  children,
}: OperationProps & { toc: TOCCollapsibleProps['toc']; children: ReactNode }): ReactNode {
  const featured = featuredResponse(operation);
  return (
    <div className={styles.layout}>
      <div data-api-toc="">
        <TOCCollapsible toc={toc} />
      </div>
      <aside className={styles.examples} aria-label="Request and response examples" data-api-examples="">
        <ApiExamples operation={operation}>
          {featured ? (
            <div
              className={clsx(styles.examplesBlock, styles.wideOnly)}
              role="region"
              aria-label="Example response"
              tabIndex={0}
              data-api-examples-scroller=""
              data-api-example-response=""
            >
              <Example title={`Example ${featured.status} response`} item={featured} />
            </div>
          ) : null}
        </ApiExamples>
      </aside>
      <div>{children}</div>
    </div>
  );
}

/**
 * One response: its description, its schema as a tree and its example.
 * @public The pages src/plugins/api-reference/generate.ts writes import it.
 */
export function ApiResponse({ operation, status }: OperationProps & { status: string }): ReactNode {
  const { collectAnchor } = useBrokenLinks();
  const response = operation.responses.find((candidate) => candidate.status === status);
  if (!response) {
    return null;
  }
  const anchor = response.schemaAnchor;
  if (anchor) {
    collectAnchor(anchor.id);
  }
  return (
    <div data-api-response={status}>
      <ApiDescription tokens={response.description} />
      {response.contentType ? (
        <p className={clsx(treeStyles.muted, 'margin-bottom--sm')}>
          Content type: <code>{response.contentType}</code>
        </p>
      ) : null}
      {response.schema ? (
        <div id={anchor?.id} className={styles.schemaHome}>
          {anchor ? (
            <p className="margin-bottom--sm text--semibold">
              The <code>{anchor.name}</code>
              {response.schema.ref?.name === anchor.name
                ? ' object, which the other operations that use it link to.'
                : ' object is described here, in the items of this response.'}
            </p>
          ) : null}
          <ApiSchemaTree node={response.schema} />
        </div>
      ) : null}
      {/* On wide screens the featured example stands in the right-hand column instead. */}
      <Example
        title={`Example ${response.status} response`}
        item={response}
        className={response === featuredResponse(operation) ? styles.narrowOnly : undefined}
      />
    </div>
  );
}
