import CodeBlock from '@theme/CodeBlock';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type { ReactNode } from 'react';

import ApiSchemaTree, { ApiInline } from '@site/src/components/ApiSchemaTree';
import type { ApiOperationPage, ApiResponse as ApiResponseData } from '@site/src/plugins/api-reference/types';
import styles from './styles.module.css';

interface OperationProps {
  operation: ApiOperationPage;
}

/** An HTTP method as a coloured badge, readable in both colour modes. */
export function ApiMethodBadge({ method }: { method: string }): ReactNode {
  return (
    <span className={styles.badge} data-method={method.toLowerCase()}>
      {method.toUpperCase()}
    </span>
  );
}

/** The method and path, the full URL on the default server, and the description's downloads. */
export function ApiOperationHeader({ operation }: OperationProps): ReactNode {
  return (
    <div className={styles.header} data-api-endpoint="">
      <p className={styles.endpoint}>
        <ApiMethodBadge method={operation.method} />
        <code className={styles.path} data-api-path="">
          {operation.path}
        </code>
      </p>
      <p className={styles.meta}>
        Server: <code>{operation.serverUrl}</code>
        <span aria-hidden="true"> · </span>
        <span className={styles.metaItem}>
          OpenAPI description:{' '}
          <a href={operation.downloads.yaml} download>
            openapi.yaml
          </a>
          ,{' '}
          <a href={operation.downloads.json} download>
            openapi.json
          </a>
        </span>
      </p>
    </div>
  );
}

export function ApiAuthentication({ operation }: OperationProps): ReactNode {
  const { security } = operation;
  if (security.schemes.length === 0) {
    return <p>No authentication.</p>;
  }
  return (
    <ul className={styles.security}>
      {security.schemes.map((scheme) => (
        <li key={scheme.name}>
          <strong>{scheme.label}</strong> ({security.optional ? 'optional' : 'required'}).{' '}
          <ApiInline tokens={scheme.description} />
        </li>
      ))}
    </ul>
  );
}

/** Every parameter with where it goes, its type, whether it is required, its default and limits. */
export function ApiParameters({ operation }: OperationProps): ReactNode {
  return (
    <div className={styles.tableWrapper} role="region" aria-label="Parameters" tabIndex={0}>
      <table className={styles.table} data-api-parameters="">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Default</th>
            <th scope="col">Constraints</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {operation.parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`}>
              <th scope="row">
                <code data-parameter-name="">{parameter.name}</code>
              </th>
              <td>{parameter.in}</td>
              <td>{parameter.type}</td>
              <td>{parameter.required ? 'yes' : 'no'}</td>
              <td>{parameter.default !== undefined ? <code>{parameter.default}</code> : '—'}</td>
              <td>
                {[...parameter.constraints, ...(parameter.enum ? [`one of ${parameter.enum.join(', ')}`] : [])].join(
                  '; ',
                ) || '—'}
              </td>
              <td>
                <ApiInline tokens={parameter.description} />
                {parameter.example !== undefined ? (
                  <span className={styles.example}>
                    Example: <code>{parameter.example}</code>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ApiRequestBody({ operation }: OperationProps): ReactNode {
  const body = operation.requestBody;
  if (!body) {
    return null;
  }
  return (
    <div data-api-request-body="">
      <p className={styles.meta}>
        Content type: <code>{body.contentType}</code>
        <span aria-hidden="true"> · </span>
        {body.required ? 'required' : 'optional'}
      </p>
      {body.description.length > 0 ? (
        <p>
          <ApiInline tokens={body.description} />
        </p>
      ) : null}
      <ApiSchemaTree node={body.schema} />
      {body.example !== undefined ? (
        <CodeBlock language="json" title="Example request body">
          {body.example}
        </CodeBlock>
      ) : null}
    </div>
  );
}

function ResponseBody({ response }: { response: ApiResponseData }): ReactNode {
  const { collectAnchor } = useBrokenLinks();
  const anchor = response.schemaAnchor;
  if (anchor) {
    collectAnchor(anchor.id);
  }
  return (
    <>
      {response.contentType ? (
        <p className={styles.meta}>
          Content type: <code>{response.contentType}</code>
        </p>
      ) : null}
      {response.schema ? (
        <div id={anchor?.id} className={anchor ? styles.schemaHome : undefined}>
          {anchor ? (
            <p className={styles.schemaHomeLabel}>
              {response.schema.ref?.name === anchor.name ? (
                <>
                  The <code>{anchor.name}</code> object, which the other operations that use it link to.
                </>
              ) : (
                <>
                  The <code>{anchor.name}</code> object is described here, in the items of this response.
                </>
              )}
            </p>
          ) : null}
          <ApiSchemaTree node={response.schema} />
        </div>
      ) : null}
      {response.example !== undefined ? (
        <CodeBlock
          language={response.contentType?.includes('json') ? 'json' : 'text'}
          title={`Example ${response.status} response`}
        >
          {response.example}
        </CodeBlock>
      ) : null}
    </>
  );
}

/** One response: its description, its schema as a tree and its example. */
export function ApiResponse({ operation, status }: OperationProps & { status: string }): ReactNode {
  const response = operation.responses.find((candidate) => candidate.status === status);
  if (!response) {
    return null;
  }
  return (
    <div data-api-response={status}>
      <p>
        <ApiInline tokens={response.description} />
      </p>
      <ResponseBody response={response} />
    </div>
  );
}
