/**
 * Check your server: the consoles' Server URL and API key, a press that runs the check
 * (src/client/check.ts) against the reader's own model server, and its results as a
 * list, each step's status in words, what the server said and what to change, with a
 * link to the guide's section. "Copy report" puts the results on the clipboard as
 * Markdown for a bug report. Nothing is sent before the press.
 */
import Link from '@docusaurus/Link';
import { useState, type ReactNode } from 'react';

import { checkServer, reportMarkdown, statusText, type CheckReport, type Guide } from '@site/src/client/check';
import { checkServerUrl } from '@site/src/client/serverUrl';
import { copyText } from '../PageActions/copy';
import { ConsolePanel, KeyField, SendBar, ServerField, useConsoleForm } from '../RequestConsole/Fields';
import styles from '../RequestConsole/styles.module.css';

/** Where each guide's server listens, as its start command says. */
const GUIDE_SERVERS: Record<Guide, string> = {
  vllm: 'http://localhost:8000/v1',
  llamacpp: 'http://localhost:1234/v1',
};

export interface ServerCheckProps {
  /** The guide whose sections a fix links to until the server says which kind it is. */
  guide?: Guide;
  /** The Server URL the form starts with; when empty, the guide's. */
  serverUrl?: string;
  /** The reader's own choice of model, used when the server lists it. */
  model?: string;
  /** Called by Close and Escape. */
  onClose: () => void;
}

/** The alert each step's status shows as; a step that waits, runs or did not run is neutral. */
const ALERTS: Partial<Record<string, string>> = { passed: 'success', failed: 'danger', 'not-supported': 'warning' };

function summary(report: CheckReport): string {
  const texts = report.steps.map((step) => statusText(step).toLowerCase());
  const counts = [...new Set(texts)].map((text) => `${texts.filter((each) => each === text).length} ${text}`);
  return `Check done: ${counts.join(', ')}.`;
}

export default function ServerCheck({
  guide = 'vllm',
  serverUrl: initialUrl,
  model,
  onClose,
}: ServerCheckProps): ReactNode {
  const form = useConsoleForm('model', initialUrl || GUIDE_SERVERS[guide]);
  const { call, fieldId, serverUrl } = form;
  const [report, setReport] = useState<CheckReport | null>(null);
  const [copied, setCopied] = useState('');

  const runCheck = async () => {
    const server = checkServerUrl(serverUrl);
    if (!form.accept(server.ok ? [] : [server]) || !server.ok) {
      return;
    }
    setCopied('');
    setReport(null);
    const done = await call.run(server.url, `Checking ${server.url}…`, (cancel) =>
      checkServer({
        serverUrl: server.url,
        apiKey: form.keyState[0].key,
        cancel,
        guide,
        model,
        onProgress: (next) => {
          setReport(next);
          const index = next.steps.findIndex((step) => step.status === 'running');
          if (index >= 0) {
            call.setStatus(`Checking ${index + 1} of ${next.steps.length}: ${next.steps[index]?.title ?? ''}…`);
          }
        },
      }),
    );
    if (done) {
      setReport(done);
      call.setStatus(summary(done));
    }
  };

  const copy = async (done: CheckReport) => {
    const outcome = await copyText(reportMarkdown(done, window.location.origin));
    setCopied(
      outcome === 'copied'
        ? 'Report copied as Markdown.'
        : 'The browser did not allow copying: select the report below instead.',
    );
  };

  const { sending, status } = call;
  return (
    <ConsolePanel
      title="Check your server"
      marker="data-server-check-panel"
      form={form}
      onClose={onClose}
      onSubmit={() => void runCheck()}
    >
      <p className={styles.help}>
        Runs eight requests against your model server from this page, one after another: it lists the models, asks for a
        plain answer, then calls the guides’ <code>get_current_weather</code> tool whole and streamed, sends its result
        back, and tries parallel calls and <code>tool_choice: &quot;required&quot;</code>. Nothing is sent until you
        press Run the check.
      </p>
      <ServerField {...form.field('server')} suggestions={[GUIDE_SERVERS[guide], ...call.servers]} autoFocus />
      <KeyField id={fieldId('key')} keyState={form.keyState} />
      <SendBar
        call={call}
        label="Run the check"
        status={`${status}${copied ? ` ${copied}` : ''}`}
        marker="data-server-check-status"
      >
        {report && !sending ? (
          <button type="button" className="button button--secondary" onClick={() => void copy(report)}>
            Copy report
          </button>
        ) : null}
      </SendBar>
      {report ? (
        <ol className="margin-bottom--md" aria-label={`Results for ${report.serverUrl}`} data-server-check-results="">
          {report.steps.map((step) => (
            <li
              key={step.id}
              className={`alert alert--${ALERTS[step.status] ?? 'secondary'} padding--sm margin-bottom--sm ${styles.step}`}
              data-step={step.id}
              data-status={step.status}
            >
              <p>
                <span className="text--semibold">{step.title}</span>{' '}
                <span className="badge badge--secondary">{statusText(step)}</span>
                {step.ms === null ? null : <span className={styles.help}> {step.ms} ms</span>}
              </p>
              {step.detail ? <p>{step.detail}</p> : null}
              {step.said ? (
                <>
                  <p>The server said:</p>
                  <pre className={`${styles.small} ${styles.said}`} tabIndex={0}>
                    {step.said}
                  </pre>
                </>
              ) : null}
              {step.fix ? (
                <p>
                  <strong>To change:</strong> {step.fix.text}{' '}
                  {step.fix.link ? <Link to={step.fix.link.href}>{step.fix.link.label}</Link> : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {report && !sending ? (
        <details>
          <summary>Report as Markdown</summary>
          <pre className={`${styles.small} ${styles.said}`} tabIndex={0}>
            {reportMarkdown(report, window.location.origin)}
          </pre>
        </details>
      ) : null}
    </ConsolePanel>
  );
}
